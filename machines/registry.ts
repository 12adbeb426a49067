/**
 * The registry of every state machine of the console (issue 4): the QA explorer lists it and the
 * model-based test (test/unit/machines/model-based.test.ts) traverses every entry. Adding a machine
 * to the console means adding an entry here; nothing else has to change for it to be explored and
 * covered.
 *
 * Each entry carries what a machine needs to run on its own, away from the app: a sample input,
 * the events a tester may send (with sample payloads), test doubles for its invoked actors and
 * side-effect actions, and a sample result of each invoked actor.
 *
 * How the doubles behave (the same for every entry, and what the explorer can rely on):
 * - promise actors never settle by themselves and callback actors do nothing on start: stepping
 *   `withDoubles(entry)` makes no request, starts no timer beyond the machine's own `after`
 *   delays, and stays deterministic;
 * - an invoked actor's result is delivered by sending the `xstate.done.actor.<invokeId>` or
 *   `xstate.error.actor.<invokeId>` event that `traversalEvents()` builds from `outcomes`. XState 5
 *   accepts these events from outside: the machine takes its onDone/onError transition and the
 *   pending double is stopped when its state is left. Events a callback actor would send back
 *   (e.g. the time channel's `socket.*`) are in `events` and are sent the same way;
 * - a delay is the `xstate.after.<delay>.<stateNodeId>` event (or, on a real actor, simply the
 *   time passing).
 *
 * No React and no network code here: only the machines, their contract rules and XState.
 */
import { fromCallback, fromPromise, type AnyActorLogic, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject } from 'xstate';

import type { ErrorCode } from '../contract/error-codes';
import type { PasswordStrengthRules } from '../contract/rules/password-strength';
import {
  firstRunWizardMachine,
  type FirstRunWizardEvent,
  type FirstRunWizardInput,
  type SetHttpInput,
  type SetHttpOutput,
} from './first-run-wizard.machine';
import { forcedReloginMachine, type ForcedReloginEvent } from './forced-relogin.machine';
import { explorerMachine, type ExplorerContext, type ExplorerEvent } from './explorer.machine';
import { identifyLightMachine, type IdentifyLightContext, type IdentifyLightEvent } from './identify-light.machine';
import type { ChangePasswordInput, ChangePasswordOutput } from './password-change';
import { passwordExpiryMachine, type PasswordExpiryEvent, type PasswordExpiryInput } from './password-expiry.machine';
import {
  safeApplyMachine,
  type ApplyInput,
  type ApplyOutput,
  type PendingChange,
  type SafeApplyContext,
  type SafeApplyEvent,
} from './safe-apply.machine';
import { timeChannelMachine, type TimeChannelContext, type TimeChannelEvent } from './time-channel.machine';

/** A text in each of the console's ten languages (specification §9). */
export type LocalizedText = Record<'en' | 'zh-CN' | 'zh-TW' | 'ja' | 'ko' | 'de' | 'fr' | 'it' | 'pl' | 'ru', string>;

/** The sample result of one invoked actor (keyed by its invoke id in `MachineEntry.outcomes`). */
export interface ActorOutcome {
  /** What the actor resolves with: the `output` of `xstate.done.actor.<invokeId>`. */
  output?: unknown;
  /** What the actor rejects with: the `error` of `xstate.error.actor.<invokeId>`. */
  error?: unknown;
  /**
   * Further outputs worth trying where the machine branches on the output (e.g. a device time that
   * is not a valid time); each adds one more `xstate.done.actor.<invokeId>` event.
   */
  otherOutputs?: readonly unknown[];
  /**
   * Further errors worth trying where the machine branches on the error (e.g. a confirmation the
   * device no longer expects, told apart from any other failure); each adds one more
   * `xstate.error.actor.<invokeId>` event.
   */
  otherErrors?: readonly unknown[];
}

export interface MachineEntry {
  /** The machine's own id (`machine.id`). */
  id: string;
  machine: AnyStateMachine;
  /** What the flow is called, for a QA tester. */
  title: LocalizedText;
  /** What the flow does, for a QA tester who has never seen the code. */
  description: LocalizedText;
  /** A sample input for a fresh actor (none when the machine takes no input). */
  input?: unknown;
  /**
   * Other sample inputs the traversal and the model-based test also start from, for branches the
   * sample input cannot reach (e.g. a non-admin user, where `isAdmin` only comes from the input).
   * Coverage is the union over `input` and these.
   */
  extraInputs?: readonly unknown[];
  /**
   * The events a tester may send, with sample payloads: every event type the machine accepts, with
   * several variants where the payload changes what happens.
   */
  events: EventObject[];
  /**
   * Test doubles: `machine.provide(doubles)` makes a machine whose stepping performs no real request
   * (see the module comment for how they behave).
   */
  doubles: { actors?: Record<string, AnyActorLogic>; actions?: Record<string, (...args: any[]) => void> };
  /** The sample output and error of each invoked actor, by invoke id. */
  outcomes: Record<string, ActorOutcome>;
  /**
   * How the traversal tells two snapshots apart; the default is state value, status and the whole
   * context. Needed only when the context can grow without bound (e.g. a clock that ticks), so
   * that the graph of snapshots stays finite: keep in it what the guards depend on.
   */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

// ---------------------------------------------------------------------------------------------
// Doubles and samples shared by the entries

/** A promise actor that never settles: its result is delivered as an `xstate.done/error.actor` event. */
function pendingPromise<TOutput, TInput = unknown>() {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

/** A callback actor that does nothing: what it would send back, the tester sends. */
function silentCallback() {
  return fromCallback<EventObject>(() => {});
}

/** An action double: runs no side effect. */
const noop = (): void => {};

const errorAnswer = (code: ErrorCode) => ({ error_code: code });

/** A request that never reached the device, as the console's API layer reports it. */
const NETWORK_FAILURE = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

/** Sample events, checked against the machine's own event union. */
function samplesOf<TEvent extends EventObject>(events: TEvent[]): EventObject[] {
  return events;
}

/** Strength rules with every check on, so that the sample weak password shows all its failures. */
const SAMPLE_RULES: PasswordStrengthRules = {
  rulesEnable: true,
  minimalLength: 12,
  includeNumbers: true,
  includeMixedCases: true,
  includeSpecialCharacters: true,
};

const SAMPLE_TIME = '2024/05/06 07:08:09';
const CURRENT_PASSWORD = 'Old-Pass-123';
const NEW_PASSWORD = 'Sample-Pass-123';
const PASSWORD_CHANGED: ChangePasswordOutput = { status: 'success' };

// ---------------------------------------------------------------------------------------------
// The entries

const timeChannel: MachineEntry = {
  id: timeChannelMachine.id,
  machine: timeChannelMachine,
  title: {
    en: 'Device time channel',
    'zh-CN': '设备时间通道',
    'zh-TW': '裝置時間通道',
    ja: 'デバイス時刻チャネル',
    ko: '장치 시간 채널',
    de: 'Gerätezeit-Kanal',
    fr: "Canal de l'heure de l'appareil",
    it: "Canale dell'ora del dispositivo",
    pl: 'Kanał czasu urządzenia',
    ru: 'Канал времени устройства',
  },
  description: {
    en:
      'Keeps the device time in the top bar up to date. Start opens a live connection to the device; each message sets the time. ' +
      'When the connection closes it reconnects after 3 s, at most 5 times in a row; on a connection error, or once the retries are used up, ' +
      'it reads the time from the device once and then counts the seconds itself (if that read fails or returns no valid time, it tries again every 3 s). ' +
      'Stop returns to idle from any state.',
    'zh-CN':
      '让顶栏中的设备时间保持最新。“开始”会与设备建立实时连接，每条消息都会更新时间。' +
      '连接关闭后，3 秒后重新连接，最多连续 5 次；如果连接出错或重试次数用完，则从设备读取一次时间，然后自行逐秒计时' +
      '（如果读取失败或未返回有效时间，则每 3 秒重试一次）。“停止”可从任何状态返回空闲状态。',
    'zh-TW':
      '讓頂端列中的裝置時間保持最新。「開始」會與裝置建立即時連線，每則訊息都會更新時間。' +
      '連線關閉後，會在 3 秒後重新連線，最多連續 5 次；若連線發生錯誤或重試次數用完，則從裝置讀取一次時間，之後自行逐秒計時' +
      '（若讀取失敗或未傳回有效時間，則每 3 秒重試一次）。「停止」可從任何狀態回到閒置狀態。',
    ja:
      'トップバーのデバイス時刻を最新に保ちます。開始するとデバイスとのライブ接続を開き、メッセージを受け取るたびに時刻を更新します。' +
      '接続が閉じると 3 秒後に再接続します（連続最大 5 回）。接続エラーが起きた場合、または再試行を使い切った場合は、デバイスから時刻を一度読み取り、' +
      'その後は自分で秒を数えます（読み取りに失敗した場合や有効な時刻が返らない場合は 3 秒ごとに再試行します）。停止すると、どの状態からでも待機状態に戻ります。',
    ko:
      '상단 표시줄의 장치 시간을 최신 상태로 유지합니다. 시작하면 장치와 실시간 연결을 열고, 메시지를 받을 때마다 시간을 갱신합니다. ' +
      '연결이 닫히면 3초 후에 다시 연결하며 연속 최대 5회까지 시도합니다. 연결 오류가 발생하거나 재시도 횟수를 모두 쓰면 장치에서 시간을 한 번 읽은 뒤 ' +
      '직접 초를 셉니다(읽기에 실패하거나 유효한 시간이 오지 않으면 3초마다 다시 시도). 중지하면 어느 상태에서든 대기 상태로 돌아갑니다.',
    de:
      'Hält die Gerätezeit in der oberen Leiste aktuell. „Start“ öffnet eine Live-Verbindung zum Gerät; jede Nachricht setzt die Uhrzeit. ' +
      'Wird die Verbindung geschlossen, verbindet sie sich nach 3 s erneut, höchstens 5-mal hintereinander; bei einem Verbindungsfehler oder wenn die ' +
      'Wiederholungen aufgebraucht sind, liest sie die Uhrzeit einmal vom Gerät und zählt die Sekunden dann selbst weiter (schlägt das Lesen fehl oder ' +
      'liefert es keine gültige Uhrzeit, versucht sie es alle 3 s erneut). „Stopp“ kehrt aus jedem Zustand in den Ruhezustand zurück.',
    fr:
      "Tient à jour l'heure de l'appareil affichée dans la barre supérieure. Démarrer ouvre une connexion en direct avec l'appareil ; chaque message met l'heure à jour. " +
      "Si la connexion se ferme, elle se reconnecte au bout de 3 s, au plus 5 fois de suite ; en cas d'erreur de connexion, ou une fois les tentatives épuisées, " +
      "elle lit l'heure une fois sur l'appareil puis compte elle-même les secondes (si la lecture échoue ou ne renvoie pas d'heure valide, elle réessaie toutes les 3 s). " +
      "Arrêter revient à l'état inactif depuis n'importe quel état.",
    it:
      "Mantiene aggiornata l'ora del dispositivo nella barra superiore. Avvia apre una connessione in tempo reale con il dispositivo; ogni messaggio aggiorna l'ora. " +
      "Se la connessione si chiude, si riconnette dopo 3 s, al massimo 5 volte di seguito; in caso di errore di connessione, o esauriti i tentativi, legge l'ora " +
      "dal dispositivo una volta e poi conta i secondi da sé (se la lettura non riesce o non restituisce un'ora valida, riprova ogni 3 s). " +
      'Arresta torna allo stato inattivo da qualsiasi stato.',
    pl:
      'Utrzymuje aktualny czas urządzenia na górnym pasku. Start otwiera połączenie na żywo z urządzeniem; każda wiadomość ustawia czas. ' +
      'Po zamknięciu połączenia łączy się ponownie po 3 s, najwyżej 5 razy z rzędu; przy błędzie połączenia lub po wyczerpaniu prób odczytuje czas ' +
      'z urządzenia jeden raz, a potem sam odlicza sekundy (jeśli odczyt się nie powiedzie lub nie zwróci poprawnego czasu, ponawia go co 3 s). ' +
      'Stop z dowolnego stanu wraca do stanu bezczynności.',
    ru:
      'Поддерживает актуальным время устройства в верхней панели. «Старт» открывает постоянное соединение с устройством; каждое сообщение обновляет время. ' +
      'Если соединение закрывается, через 3 с выполняется повторное подключение, не более 5 раз подряд; при ошибке соединения или когда попытки исчерпаны, ' +
      'время один раз считывается с устройства, а затем секунды отсчитываются локально (если чтение не удалось или не вернуло корректное время, оно повторяется каждые 3 с). ' +
      '«Стоп» из любого состояния возвращает в режим ожидания.',
  },
  events: samplesOf<TimeChannelEvent>([
    { type: 'channel.start' },
    { type: 'channel.stop' },
    { type: 'socket.message', time: SAMPLE_TIME },
    { type: 'socket.closed', code: 1006 },
    { type: 'socket.error' },
  ]),
  doubles: {
    actors: { socket: silentCallback(), fetchTime: pendingPromise<string>() },
    actions: { publishTime: noop },
  },
  outcomes: {
    // The socket actor itself failing (e.g. the WebSocket constructor throwing).
    socket: { error: { message: 'WebSocket could not be opened' } },
    fetchTime: { output: SAMPLE_TIME, error: errorAnswer('internal_error'), otherOutputs: ['not a time'] },
  },
  // The ticking clock would make the snapshots endless: keep the retry count (the guard's input)
  // and whether a time is known, not the time itself.
  serializeState: (snapshot) => {
    const { retries, time } = snapshot.context as TimeChannelContext;
    return JSON.stringify({ value: snapshot.value, status: snapshot.status, retries, time: time !== null });
  },
};

const forcedRelogin: MachineEntry = {
  id: forcedReloginMachine.id,
  machine: forcedReloginMachine,
  title: {
    en: 'Forced re-login',
    'zh-CN': '强制重新登录',
    'zh-TW': '強制重新登入',
    ja: '強制再ログイン',
    ko: '강제 재로그인',
    de: 'Erzwungene erneute Anmeldung',
    fr: 'Reconnexion forcée',
    it: 'Nuovo accesso obbligatorio',
    pl: 'Wymuszone ponowne logowanie',
    ru: 'Принудительный повторный вход',
  },
  description: {
    en:
      'Opens when the device rejects the session (an invalid_token answer): the Confirm logout dialog appears once, however many requests fail meanwhile. ' +
      'Re-Login clears the session and reloads the page; Cancel closes the dialog and leaves the user on the page.',
    'zh-CN':
      '当设备拒绝当前会话（返回 invalid_token）时打开：“确认退出登录”对话框只出现一次，无论期间有多少请求失败。' +
      '“重新登录”会清除会话并重新加载页面；“取消”会关闭对话框，用户留在当前页面。',
    'zh-TW':
      '當裝置拒絕目前的工作階段（傳回 invalid_token）時開啟：「確認登出」對話方塊只會出現一次，無論期間有多少要求失敗。' +
      '「重新登入」會清除工作階段並重新載入頁面；「取消」會關閉對話方塊，使用者留在目前頁面。',
    ja:
      'デバイスがセッションを拒否したとき（invalid_token の応答）に開きます。その間にいくつのリクエストが失敗しても、［ログアウトの確認］ダイアログは一度だけ表示されます。' +
      '［再ログイン］はセッションを消去してページを再読み込みし、［キャンセル］はダイアログを閉じてユーザーをそのページにとどめます。',
    ko:
      '장치가 세션을 거부하면(invalid_token 응답) 열립니다. 그동안 요청이 몇 개 실패하든 로그아웃 확인 대화 상자는 한 번만 표시됩니다. ' +
      '다시 로그인은 세션을 지우고 페이지를 새로 고치며, 취소는 대화 상자를 닫고 사용자를 현재 페이지에 그대로 둡니다.',
    de:
      'Öffnet sich, wenn das Gerät die Sitzung ablehnt (Antwort invalid_token): Der Dialog „Abmeldung bestätigen“ erscheint nur einmal, egal wie viele Anfragen ' +
      'inzwischen fehlschlagen. „Erneut anmelden“ löscht die Sitzung und lädt die Seite neu; „Abbrechen“ schließt den Dialog, und der Benutzer bleibt auf der Seite.',
    fr:
      "S'ouvre lorsque l'appareil refuse la session (réponse invalid_token) : la boîte de dialogue Confirmer la déconnexion n'apparaît qu'une fois, " +
      "quel que soit le nombre de requêtes qui échouent entre-temps. Se reconnecter efface la session et recharge la page ; Annuler ferme la boîte de dialogue " +
      "et laisse l'utilisateur sur la page.",
    it:
      'Si apre quando il dispositivo rifiuta la sessione (risposta invalid_token): la finestra Conferma disconnessione compare una sola volta, per quante richieste ' +
      "falliscano nel frattempo. Accedi di nuovo cancella la sessione e ricarica la pagina; Annulla chiude la finestra e lascia l'utente sulla pagina.",
    pl:
      'Otwiera się, gdy urządzenie odrzuci sesję (odpowiedź invalid_token): okno Potwierdź wylogowanie pojawia się tylko raz, niezależnie od tego, ile żądań ' +
      'w tym czasie się nie powiedzie. Zaloguj ponownie czyści sesję i przeładowuje stronę; Anuluj zamyka okno, a użytkownik zostaje na stronie.',
    ru:
      'Открывается, когда устройство отклоняет сеанс (ответ invalid_token): окно «Подтверждение выхода» появляется только один раз, сколько бы запросов ' +
      'ни завершилось ошибкой за это время. «Войти снова» очищает сеанс и перезагружает страницу; «Отмена» закрывает окно, и пользователь остаётся на странице.',
  },
  events: samplesOf<ForcedReloginEvent>([{ type: 'session.invalidToken' }, { type: 'relogin.confirm' }, { type: 'relogin.cancel' }]),
  doubles: { actions: { resetSession: noop, reloadPage: noop } },
  outcomes: {},
};

const WIZARD_ADMIN: FirstRunWizardInput = { username: 'admin', isAdmin: true, rules: SAMPLE_RULES, httpsEnabled: false };
const WIZARD_UPDATE: FirstRunWizardInput = { username: 'update', isAdmin: false, rules: SAMPLE_RULES, httpsEnabled: true };

const firstRunWizard: MachineEntry = {
  id: firstRunWizardMachine.id,
  machine: firstRunWizardMachine,
  title: {
    en: 'First-run wizard',
    'zh-CN': '首次运行向导',
    'zh-TW': '首次執行精靈',
    ja: '初回起動ウィザード',
    ko: '최초 실행 마법사',
    de: 'Assistent für den ersten Start',
    fr: 'Assistant de première mise en service',
    it: 'Procedura guidata del primo avvio',
    pl: 'Kreator pierwszego uruchomienia',
    ru: 'Мастер первого запуска',
  },
  description: {
    en:
      'Shown at the first sign-in. The administrator goes through Welcome, then Connection (HTTPS only, or HTTP as well), then Password; ' +
      'other users see only the Password step. Skip (on the first step shown) only marks the first run as complete. Finish checks the form, changes the password, ' +
      'marks the first run as complete and, for the administrator, then saves the connection setting. A rejected password change returns to the form with ' +
      "the device's error; if marking or saving fails, the dialog offers Retry or Close.",
    'zh-CN':
      '首次登录时显示。管理员依次经过“欢迎”、“连接”（仅 HTTPS 或同时允许 HTTP）和“密码”三步；其他用户只看到“密码”这一步。' +
      '“跳过”（在显示的第一步上）只会将首次运行标记为已完成。“完成”会检查表单、修改密码、将首次运行标记为已完成，对于管理员还会随后保存连接设置。' +
      '密码修改被拒绝时，返回表单并显示设备返回的错误；如果标记或保存失败，对话框会提供“重试”或“关闭”。',
    'zh-TW':
      '首次登入時顯示。管理員依序經過「歡迎」、「連線」（僅限 HTTPS 或同時允許 HTTP）與「密碼」三個步驟；其他使用者只會看到「密碼」步驟。' +
      '「略過」（在顯示的第一個步驟上）只會將首次執行標記為已完成。「完成」會檢查表單、變更密碼、將首次執行標記為已完成，若為管理員，接著還會儲存連線設定。' +
      '密碼變更遭拒時，會回到表單並顯示裝置傳回的錯誤；若標記或儲存失敗，對話方塊會提供「重試」或「關閉」。',
    ja:
      '初回サインイン時に表示されます。管理者は［ようこそ］、［接続］（HTTPS のみ、または HTTP も許可）、［パスワード］の順に進み、その他のユーザーには［パスワード］の手順だけが表示されます。' +
      '［スキップ］（最初に表示される手順にあります）は初回起動を完了済みにするだけです。［完了］はフォームを検証してパスワードを変更し、初回起動を完了済みにしたうえで、' +
      '管理者の場合は続けて接続設定を保存します。パスワードの変更が拒否されると、デバイスのエラーを表示してフォームに戻ります。' +
      '完了の記録または保存に失敗すると、ダイアログに［再試行］と［閉じる］が表示されます。',
    ko:
      '처음 로그인할 때 표시됩니다. 관리자는 환영, 연결(HTTPS 전용 또는 HTTP도 허용), 비밀번호 단계를 차례로 거치고, 다른 사용자에게는 비밀번호 단계만 표시됩니다. ' +
      '건너뛰기(처음 표시되는 단계에 있음)는 최초 실행을 완료로 표시하기만 합니다. 완료는 양식을 검사하고 비밀번호를 변경한 뒤 최초 실행을 완료로 표시하며, ' +
      '관리자인 경우 이어서 연결 설정을 저장합니다. 비밀번호 변경이 거부되면 장치의 오류를 표시하며 양식으로 돌아가고, ' +
      '완료 표시나 저장에 실패하면 대화 상자에 다시 시도와 닫기가 표시됩니다.',
    de:
      'Erscheint bei der ersten Anmeldung. Der Administrator durchläuft Willkommen, dann Verbindung (nur HTTPS oder auch HTTP), dann Passwort; ' +
      'andere Benutzer sehen nur den Schritt Passwort. „Überspringen“ (auf dem ersten angezeigten Schritt) markiert den ersten Start nur als abgeschlossen. ' +
      '„Fertig stellen“ prüft das Formular, ändert das Passwort, markiert den ersten Start als abgeschlossen und speichert beim Administrator danach die ' +
      'Verbindungseinstellung. Lehnt das Gerät die Passwortänderung ab, kehrt der Dialog mit dessen Fehlermeldung zum Formular zurück; schlägt das Markieren ' +
      'oder Speichern fehl, bietet er „Wiederholen“ oder „Schließen“ an.',
    fr:
      "S'affiche à la première connexion. L'administrateur passe par Bienvenue, puis Connexion (HTTPS uniquement, ou HTTP également), puis Mot de passe ; " +
      "les autres utilisateurs ne voient que l'étape Mot de passe. Ignorer (sur la première étape affichée) marque seulement la première mise en service comme terminée. " +
      "Terminer vérifie le formulaire, modifie le mot de passe, marque la première mise en service comme terminée et, pour l'administrateur, enregistre ensuite " +
      "le paramètre de connexion. Si l'appareil refuse le changement de mot de passe, on revient au formulaire avec son erreur ; si le marquage ou " +
      "l'enregistrement échoue, la boîte de dialogue propose Réessayer ou Fermer.",
    it:
      "Compare al primo accesso. L'amministratore passa per Benvenuto, poi Connessione (solo HTTPS, o anche HTTP), poi Password; gli altri utenti vedono solo " +
      'il passaggio Password. Salta (sul primo passaggio mostrato) segna soltanto il primo avvio come completato. Fine controlla il modulo, cambia la password, ' +
      "segna il primo avvio come completato e, per l'amministratore, salva poi l'impostazione di connessione. Se il dispositivo rifiuta il cambio di password, " +
      "si torna al modulo con l'errore ricevuto; se la registrazione del completamento o il salvataggio non riescono, la finestra offre Riprova o Chiudi.",
    pl:
      'Pojawia się przy pierwszym logowaniu. Administrator przechodzi przez kroki Powitanie, Połączenie (tylko HTTPS lub również HTTP) i Hasło; ' +
      'pozostali użytkownicy widzą tylko krok Hasło. Pomiń (na pierwszym wyświetlonym kroku) jedynie oznacza pierwsze uruchomienie jako zakończone. ' +
      'Zakończ sprawdza formularz, zmienia hasło, oznacza pierwsze uruchomienie jako zakończone, a w przypadku administratora zapisuje następnie ustawienie ' +
      'połączenia. Jeśli urządzenie odrzuci zmianę hasła, okno wraca do formularza i pokazuje błąd; jeśli oznaczenie lub zapis się nie powiedzie, ' +
      'okno oferuje Ponów lub Zamknij.',
    ru:
      'Появляется при первом входе. Администратор проходит шаги «Приветствие», «Подключение» (только HTTPS или также HTTP) и «Пароль»; другие пользователи ' +
      'видят только шаг «Пароль». «Пропустить» (на первом показанном шаге) лишь отмечает первый запуск как завершённый. «Готово» проверяет форму, меняет пароль, ' +
      'отмечает первый запуск как завершённый, а для администратора затем сохраняет настройку подключения. Если устройство отклоняет смену пароля, окно ' +
      'возвращается к форме и показывает ошибку; если отметить завершение или сохранить настройку не удалось, окно предлагает «Повторить» или «Закрыть».',
  },
  input: WIZARD_ADMIN,
  // A non-admin starts at the password step, where only they may skip: the input decides it.
  extraInputs: [WIZARD_UPDATE],
  events: samplesOf<FirstRunWizardEvent>([
    { type: 'wizard.next' },
    { type: 'wizard.previous' },
    { type: 'wizard.skip' },
    { type: 'wizard.finish' },
    { type: 'wizard.chooseProtocol', https: true },
    { type: 'wizard.chooseProtocol', https: false },
    { type: 'wizard.edit', field: 'current', value: CURRENT_PASSWORD },
    { type: 'wizard.edit', field: 'password', value: NEW_PASSWORD },
    { type: 'wizard.edit', field: 'confirm', value: NEW_PASSWORD },
    { type: 'wizard.edit', field: 'password', value: 'weak' }, // fails the strength rules
    { type: 'wizard.edit', field: 'confirm', value: 'Other-Pass-456' }, // does not match
    { type: 'wizard.toggleChangeAll', value: true },
    { type: 'wizard.toggleChangeAll', value: false },
    { type: 'wizard.retry' },
    { type: 'wizard.close' },
  ]),
  doubles: {
    actors: {
      changePassword: pendingPromise<ChangePasswordOutput, ChangePasswordInput>(),
      completeFirstRun: pendingPromise<void>(),
      setHttp: pendingPromise<SetHttpOutput, SetHttpInput>(),
    },
  },
  outcomes: {
    changePassword: { output: PASSWORD_CHANGED, error: errorAnswer('current_password_error') },
    completeFirstRun: { output: undefined, error: errorAnswer('internal_error') },
    setHttp: { output: { http: false, https_port: 443 } satisfies SetHttpOutput, error: errorAnswer('forbidden') },
  },
};

const EXPIRY_ADMIN: PasswordExpiryInput = { username: 'admin', isAdmin: true, allowCancel: true, rules: SAMPLE_RULES };

const passwordExpiry: MachineEntry = {
  id: passwordExpiryMachine.id,
  machine: passwordExpiryMachine,
  title: {
    en: 'Password-expiry dialog',
    'zh-CN': '密码过期对话框',
    'zh-TW': '密碼過期對話方塊',
    ja: 'パスワード有効期限切れダイアログ',
    ko: '비밀번호 만료 대화 상자',
    de: 'Dialog „Passwort abgelaufen“',
    fr: 'Boîte de dialogue « Mot de passe expiré »',
    it: 'Finestra Password scaduta',
    pl: 'Okno wygaśnięcia hasła',
    ru: 'Окно истечения срока действия пароля',
  },
  description: {
    en:
      'Shown after sign-in when the password is older than the validity period (and the first-run wizard is not showing): a notice, then Next to the ' +
      'change-password form and Previous back to the notice. Cancel closes the dialog only if the device allows operations before the password is updated; ' +
      "otherwise it cannot be closed. Finish checks the form and changes the password; after a successful change the page reloads, after a rejected one the form shows the device's error.",
    'zh-CN':
      '登录后，如果密码超过有效期（且未显示首次运行向导）则显示：先是提示，点击“下一步”进入修改密码表单，点击“上一步”返回提示。' +
      '只有当设备允许在更新密码前进行操作时，“取消”才会关闭对话框；否则无法关闭。“完成”会检查表单并修改密码；修改成功后页面重新加载，被拒绝时表单会显示设备返回的错误。',
    'zh-TW':
      '登入後，若密碼超過有效期限（且未顯示首次執行精靈）則顯示：先是通知，按「下一步」進入變更密碼表單，按「上一步」返回通知。' +
      '只有在裝置允許於更新密碼前進行操作時，「取消」才會關閉對話方塊；否則無法關閉。「完成」會檢查表單並變更密碼；變更成功後會重新載入頁面，遭拒時表單會顯示裝置傳回的錯誤。',
    ja:
      'サインイン後、パスワードが有効期間を過ぎている場合（かつ初回起動ウィザードが表示されていない場合）に表示されます。まずお知らせが表示され、' +
      '［次へ］でパスワード変更フォームに進み、［戻る］でお知らせに戻ります。［キャンセル］でダイアログを閉じられるのは、パスワード更新前の操作をデバイスが許可している場合だけで、' +
      'それ以外は閉じられません。［完了］はフォームを検証してパスワードを変更します。変更に成功するとページが再読み込みされ、拒否された場合はフォームにデバイスのエラーが表示されます。',
    ko:
      '로그인 후 비밀번호가 유효 기간을 넘었을 때(최초 실행 마법사가 표시되지 않은 경우) 표시됩니다. 먼저 안내가 나오고, 다음을 누르면 비밀번호 변경 양식으로, ' +
      '이전을 누르면 다시 안내로 돌아갑니다. 취소는 장치가 비밀번호 업데이트 전 작업을 허용할 때만 대화 상자를 닫으며, 그렇지 않으면 닫을 수 없습니다. ' +
      '완료는 양식을 검사하고 비밀번호를 변경합니다. 변경에 성공하면 페이지를 새로 고치고, 거부되면 양식에 장치의 오류를 표시합니다.',
    de:
      'Erscheint nach der Anmeldung, wenn das Passwort älter als die Gültigkeitsdauer ist (und der Assistent für den ersten Start nicht angezeigt wird): ' +
      'zuerst ein Hinweis, mit „Weiter“ das Formular zur Passwortänderung und mit „Zurück“ wieder der Hinweis. „Abbrechen“ schließt den Dialog nur, wenn das ' +
      'Gerät die Bedienung vor der Passwortänderung zulässt; sonst lässt er sich nicht schließen. „Fertig stellen“ prüft das Formular und ändert das Passwort; ' +
      'nach einer erfolgreichen Änderung wird die Seite neu geladen, nach einer abgelehnten zeigt das Formular den Fehler des Geräts.',
    fr:
      "S'affiche après la connexion lorsque le mot de passe a dépassé sa durée de validité (et que l'assistant de première mise en service n'est pas affiché) : " +
      "d'abord un avis, puis Suivant mène au formulaire de changement de mot de passe et Précédent ramène à l'avis. Annuler ne ferme la boîte de dialogue que si " +
      "l'appareil autorise les opérations avant la mise à jour du mot de passe ; sinon elle ne peut pas être fermée. Terminer vérifie le formulaire et modifie " +
      "le mot de passe ; après un changement réussi la page se recharge, après un refus le formulaire affiche l'erreur de l'appareil.",
    it:
      "Compare dopo l'accesso quando la password ha superato il periodo di validità (e la procedura guidata del primo avvio non è visualizzata): prima un avviso, " +
      "poi Avanti porta al modulo di cambio password e Indietro riporta all'avviso. Annulla chiude la finestra solo se il dispositivo consente le operazioni " +
      "prima dell'aggiornamento della password; altrimenti non si può chiudere. Fine controlla il modulo e cambia la password; dopo un cambio riuscito la pagina " +
      "si ricarica, dopo un rifiuto il modulo mostra l'errore del dispositivo.",
    pl:
      'Pojawia się po zalogowaniu, gdy hasło przekroczyło okres ważności (i nie jest wyświetlany kreator pierwszego uruchomienia): najpierw komunikat, potem ' +
      'Dalej prowadzi do formularza zmiany hasła, a Wstecz wraca do komunikatu. Anuluj zamyka okno tylko wtedy, gdy urządzenie zezwala na operacje przed zmianą ' +
      'hasła; w przeciwnym razie okna nie można zamknąć. Zakończ sprawdza formularz i zmienia hasło; po udanej zmianie strona zostaje przeładowana, a po ' +
      'odrzuceniu formularz pokazuje błąd urządzenia.',
    ru:
      'Появляется после входа, если пароль старше срока действия (и не показан мастер первого запуска): сначала уведомление, затем «Далее» открывает форму ' +
      'смены пароля, а «Назад» возвращает к уведомлению. «Отмена» закрывает окно, только если устройство разрешает работу до смены пароля; иначе окно закрыть ' +
      'нельзя. «Готово» проверяет форму и меняет пароль; после успешной смены страница перезагружается, после отказа форма показывает ошибку устройства.',
  },
  input: EXPIRY_ADMIN,
  events: samplesOf<PasswordExpiryEvent>([
    { type: 'expiry.next' },
    { type: 'expiry.previous' },
    { type: 'expiry.finish' },
    { type: 'expiry.cancel' },
    { type: 'expiry.edit', field: 'current', value: CURRENT_PASSWORD },
    { type: 'expiry.edit', field: 'password', value: NEW_PASSWORD },
    { type: 'expiry.edit', field: 'confirm', value: NEW_PASSWORD },
    { type: 'expiry.edit', field: 'password', value: 'weak' }, // fails the strength rules
    { type: 'expiry.edit', field: 'confirm', value: 'Other-Pass-456' }, // does not match
    { type: 'expiry.toggleChangeAll', value: true },
    { type: 'expiry.toggleChangeAll', value: false },
  ]),
  doubles: {
    actors: { changePassword: pendingPromise<ChangePasswordOutput, ChangePasswordInput>() },
    actions: { reloadPage: noop },
  },
  outcomes: {
    changePassword: { output: PASSWORD_CHANGED, error: errorAnswer('password_too_weak') },
  },
};

const SAMPLE_PENDING: PendingChange = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  section: 'ethernet',
  seconds_left: 90,
  moved: [{ name: 'LAN1', before: '192.168.1.57', after: '192.168.1.20' }],
};
/** The same change in its last second: the next tick ends the countdown (the `lastSecond` guard). */
const LAST_SECOND_PENDING: PendingChange = { ...SAMPLE_PENDING, seconds_left: 1 };
/** A section's write request: the machine passes it to `applyChange` without looking inside. */
const SAMPLE_APPLY_REQUEST = { name: 'LAN1', dhcp: false, address: '192.168.1.20', netmask: '255.255.255.0', gateway: '192.168.1.1' };

const safeApply: MachineEntry = {
  id: safeApplyMachine.id,
  machine: safeApplyMachine,
  title: {
    en: 'Safe apply of network changes',
    'zh-CN': '安全应用网络更改',
    'zh-TW': '安全套用網路變更',
    ja: 'ネットワーク変更の安全な適用',
    ko: '네트워크 변경 안전 적용',
    de: 'Sicheres Übernehmen von Netzwerkänderungen',
    fr: 'Application sécurisée des modifications réseau',
    it: 'Applicazione sicura delle modifiche di rete',
    pl: 'Bezpieczne stosowanie zmian sieci',
    ru: 'Безопасное применение сетевых изменений',
  },
  description: {
    en:
      'Applies a change to the network settings (Ethernet, Wi-Fi or hotspot) without the risk of losing access to the device. Apply sends the change. ' +
      'With the safety net on, the device keeps it only if it is confirmed within 90 s: the dialog counts the seconds down and offers Keep and Revert. ' +
      'If the countdown reaches zero, the device has already restored the previous settings by itself; a Keep or Revert that arrives after the device ' +
      'restored them ends the same way. Without the safety net the change is simply applied. A failed apply shows the device\'s error; a failed Keep ' +
      'or Revert returns to the countdown with the error. After keep, revert or expiry the page reloads the device\'s settings. Close hides the result. ' +
      'If the page opens while a change is waiting, the countdown resumes with the seconds left.',
    'zh-CN':
      '应用网络设置（以太网、Wi-Fi 或热点）的更改，而不会因此失去对设备的访问。“应用”会发送更改。' +
      '启用安全保护时，只有在 90 秒内确认，设备才会保留该更改：对话框逐秒倒计时，并提供“保留”和“还原”。' +
      '倒计时归零时，设备已自行恢复之前的设置；如果在设备恢复之后才点“保留”或“还原”，结果也是如此。未启用安全保护时，更改会直接生效。' +
      '应用失败时显示设备返回的错误；“保留”或“还原”失败时，会带着错误回到倒计时。保留、还原或超时后，页面会重新读取设备上的设置。' +
      '“关闭”会关闭结果提示。如果打开页面时有更改正在等待确认，倒计时会从剩余秒数继续。',
    'zh-TW':
      '套用網路設定（乙太網路、Wi-Fi 或熱點）的變更，而不會因此失去對裝置的存取。「套用」會送出變更。' +
      '啟用安全防護時，只有在 90 秒內確認，裝置才會保留該變更：對話方塊會逐秒倒數，並提供「保留」與「還原」。' +
      '倒數歸零時，裝置已自行還原先前的設定；若在裝置還原之後才按「保留」或「還原」，結果也相同。未啟用安全防護時，變更會直接生效。' +
      '套用失敗時會顯示裝置傳回的錯誤；「保留」或「還原」失敗時，會帶著錯誤回到倒數。保留、還原或逾時後，頁面會重新讀取裝置上的設定。' +
      '「關閉」會關閉結果訊息。若開啟頁面時有變更正在等待確認，倒數會從剩餘秒數繼續。',
    ja:
      'ネットワーク設定（イーサネット、Wi-Fi、ホットスポット）の変更を、デバイスにアクセスできなくなる心配なく適用します。［適用］で変更を送信します。' +
      'セーフティネットが有効な場合、デバイスは 90 秒以内に確認されたときだけ変更を維持します。ダイアログは残り秒数をカウントダウンし、［維持］と［元に戻す］を表示します。' +
      'カウントダウンが 0 になった時点で、デバイスはすでに以前の設定を自動で復元しています。デバイスが復元した後に［維持］や［元に戻す］を押した場合も同じ結果になります。' +
      'セーフティネットが無効な場合、変更はそのまま適用されます。適用に失敗するとデバイスのエラーが表示され、［維持］や［元に戻す］に失敗した場合はエラーを表示してカウントダウンに戻ります。' +
      '維持、元に戻す、期限切れのいずれの後も、ページはデバイスの設定を読み込み直します。［閉じる］で結果の表示を閉じます。' +
      '変更が確認待ちの間にページを開くと、カウントダウンは残りの秒数から再開します。',
    ko:
      '네트워크 설정(이더넷, Wi-Fi, 핫스팟) 변경을 장치에 접속하지 못하게 될 걱정 없이 적용합니다. 적용을 누르면 변경 내용을 보냅니다. ' +
      '안전장치가 켜져 있으면 장치는 90초 안에 확인된 경우에만 변경을 유지합니다. 대화 상자는 남은 시간을 초 단위로 카운트다운하며 유지와 되돌리기를 표시합니다. ' +
      '카운트다운이 0이 되면 장치는 이미 이전 설정을 스스로 복원한 상태입니다. 장치가 복원한 뒤에 유지나 되돌리기를 눌러도 같은 결과가 됩니다. ' +
      '안전장치가 꺼져 있으면 변경이 바로 적용됩니다. 적용에 실패하면 장치의 오류를 표시하고, 유지나 되돌리기에 실패하면 오류와 함께 카운트다운으로 돌아갑니다. ' +
      '유지, 되돌리기, 시간 만료 후에는 페이지가 장치의 설정을 다시 읽어 옵니다. 닫기는 결과 메시지를 닫습니다. ' +
      '변경이 확인을 기다리는 중에 페이지를 열면 카운트다운이 남은 초부터 다시 이어집니다.',
    de:
      'Übernimmt eine Änderung der Netzwerkeinstellungen (Ethernet, WLAN oder Hotspot), ohne dass man den Zugriff auf das Gerät verlieren kann. ' +
      '„Übernehmen“ sendet die Änderung. Mit Sicherheitsnetz behält das Gerät sie nur, wenn sie innerhalb von 90 s bestätigt wird: Der Dialog zählt ' +
      'die Sekunden herunter und bietet „Beibehalten“ und „Rückgängig machen“ an. Erreicht der Countdown null, hat das Gerät die vorherigen Einstellungen ' +
      'bereits selbst wiederhergestellt; ebenso endet „Beibehalten“ oder „Rückgängig machen“, wenn das Gerät sie schon wiederhergestellt hat. ' +
      'Ohne Sicherheitsnetz wird die Änderung einfach übernommen. Schlägt das Übernehmen fehl, wird der Fehler des Geräts angezeigt; schlägt ' +
      '„Beibehalten“ oder „Rückgängig machen“ fehl, geht es mit dem Fehler zurück zum Countdown. Nach dem Beibehalten, dem Rückgängigmachen oder dem ' +
      'Ablauf der Zeit lädt die Seite die Einstellungen des Geräts neu. „Schließen“ blendet das Ergebnis aus. Wird die Seite geöffnet, während eine ' +
      'Änderung auf Bestätigung wartet, läuft der Countdown mit den verbleibenden Sekunden weiter.',
    fr:
      "Applique une modification des paramètres réseau (Ethernet, Wi-Fi ou point d'accès) sans risquer de perdre l'accès à l'appareil. " +
      "Appliquer envoie la modification. Avec le filet de sécurité, l'appareil ne la conserve que si elle est confirmée dans les 90 s : la boîte de " +
      "dialogue affiche un compte à rebours et propose Conserver et Rétablir. Si le compte à rebours arrive à zéro, l'appareil a déjà rétabli de " +
      "lui-même les paramètres précédents ; il en va de même si l'on clique sur Conserver ou Rétablir alors que l'appareil les a déjà rétablis. " +
      "Sans filet de sécurité, la modification est simplement appliquée. Si l'application échoue, l'erreur de l'appareil s'affiche ; si Conserver " +
      "ou Rétablir échoue, on revient au compte à rebours avec l'erreur. Après une conservation, un rétablissement ou l'expiration du délai, la page " +
      "recharge les paramètres de l'appareil. Fermer masque le résultat. Si la page s'ouvre alors qu'une modification attend sa confirmation, " +
      'le compte à rebours reprend avec les secondes restantes.',
    it:
      "Applica una modifica alle impostazioni di rete (Ethernet, Wi-Fi o hotspot) senza rischiare di perdere l'accesso al dispositivo. " +
      'Applica invia la modifica. Con la rete di sicurezza, il dispositivo la mantiene solo se viene confermata entro 90 s: la finestra mostra il ' +
      'conto alla rovescia dei secondi e offre Mantieni e Ripristina. Se il conto alla rovescia arriva a zero, il dispositivo ha già ripristinato da sé ' +
      'le impostazioni precedenti; lo stesso accade se si preme Mantieni o Ripristina quando il dispositivo le ha già ripristinate. Senza rete di ' +
      "sicurezza la modifica viene semplicemente applicata. Se l'applicazione non riesce, viene mostrato l'errore del dispositivo; se Mantieni o " +
      "Ripristina non riescono, si torna al conto alla rovescia con l'errore. Dopo la conferma, il ripristino o la scadenza, la pagina ricarica le " +
      'impostazioni del dispositivo. Chiudi nasconde il risultato. Se la pagina si apre mentre una modifica attende la conferma, il conto alla ' +
      'rovescia riprende dai secondi rimanenti.',
    pl:
      'Stosuje zmianę ustawień sieci (Ethernet, Wi-Fi lub hotspot) bez ryzyka utraty dostępu do urządzenia. Zastosuj wysyła zmianę. ' +
      'Przy włączonym zabezpieczeniu urządzenie zachowuje ją tylko wtedy, gdy zostanie potwierdzona w ciągu 90 s: okno odlicza sekundy i oferuje ' +
      'Zachowaj oraz Przywróć. Gdy odliczanie dojdzie do zera, urządzenie samo przywróciło już poprzednie ustawienia; tak samo kończy się Zachowaj ' +
      'lub Przywróć naciśnięte już po tym przywróceniu. Bez zabezpieczenia zmiana jest po prostu stosowana. Jeśli zastosowanie się nie powiedzie, ' +
      'wyświetlany jest błąd urządzenia; jeśli nie powiedzie się Zachowaj lub Przywróć, okno wraca do odliczania i pokazuje błąd. Po zachowaniu, ' +
      'przywróceniu lub upływie czasu strona ponownie wczytuje ustawienia urządzenia. Zamknij ukrywa wynik. Jeśli strona zostanie otwarta, gdy ' +
      'zmiana czeka na potwierdzenie, odliczanie jest kontynuowane od pozostałych sekund.',
    ru:
      'Применяет изменение сетевых настроек (Ethernet, Wi-Fi или точка доступа) без риска потерять доступ к устройству. «Применить» отправляет ' +
      'изменение. Если включена страховка, устройство сохраняет изменение, только если его подтвердить в течение 90 с: окно отсчитывает секунды ' +
      'и предлагает «Сохранить» и «Откатить». Когда отсчёт доходит до нуля, устройство уже само вернуло прежние настройки; тем же заканчивается ' +
      'нажатие «Сохранить» или «Откатить», если устройство их уже вернуло. Без страховки изменение просто применяется. Если применить не удалось, ' +
      'показывается ошибка устройства; если не удалось сохранить или откатить, окно возвращается к отсчёту и показывает ошибку. После сохранения, ' +
      'отката или истечения времени страница заново загружает настройки устройства. «Закрыть» скрывает результат. Если открыть страницу, пока ' +
      'изменение ждёт подтверждения, отсчёт продолжится с оставшихся секунд.',
  },
  events: samplesOf<SafeApplyEvent>([
    { type: 'change.apply', request: SAMPLE_APPLY_REQUEST, safe: true },
    { type: 'change.apply', request: SAMPLE_APPLY_REQUEST, safe: false },
    // Small countdowns, so that the last second (and its expiry) is within a step or two.
    { type: 'change.resume', pending: LAST_SECOND_PENDING },
    { type: 'change.resume', pending: { ...SAMPLE_PENDING, seconds_left: 2 } },
    { type: 'change.keep' },
    { type: 'change.revert' },
    { type: 'change.dismiss' },
  ]),
  doubles: {
    actors: {
      applyChange: pendingPromise<ApplyOutput, ApplyInput>(),
      confirmChange: pendingPromise<void, { id: string }>(),
      revertChange: pendingPromise<void, { id: string }>(),
    },
    actions: { refresh: noop },
  },
  outcomes: {
    applyChange: {
      output: { pending: SAMPLE_PENDING } satisfies ApplyOutput,
      // A change already in its last second, and one applied without the safety net.
      otherOutputs: [{ pending: LAST_SECOND_PENDING }, { pending: null }] satisfies ApplyOutput[],
      error: { status: 409, data: errorAnswer('change_pending') },
    },
    // The device had already restored the settings (→ expired); any other failure returns to the countdown.
    confirmChange: { output: undefined, error: { status: 409, data: errorAnswer('no_pending_change') }, otherErrors: [NETWORK_FAILURE] },
    revertChange: { output: undefined, error: { status: 409, data: errorAnswer('no_pending_change') }, otherErrors: [NETWORK_FAILURE] },
  },
  // The countdown would make the snapshots endless: keep what the guards and the views depend on,
  // not the seconds themselves.
  serializeState: (snapshot) => {
    const { pending, secondsLeft, error } = snapshot.context as SafeApplyContext;
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      lastSecond: secondsLeft <= 1,
      error: error !== null,
      pending: pending !== null,
    });
  },
};

const identifyLight: MachineEntry = {
  id: identifyLightMachine.id,
  machine: identifyLightMachine,
  title: {
    en: 'Identification light',
    'zh-CN': '识别指示灯',
    'zh-TW': '識別指示燈',
    ja: '識別ランプ',
    ko: '식별 표시등',
    de: 'Identifikationsleuchte',
    fr: "Voyant d'identification",
    it: 'Spia di identificazione',
    pl: 'Dioda identyfikacyjna',
    ru: 'Индикатор идентификации',
  },
  description: {
    en:
      "Helps to find the device on site. Identify makes the panel's LED blink for the chosen number of seconds (if the device answers 0 s, nothing blinks). " +
      'The page counts the remaining seconds down and returns to idle at zero; Stop asks the device to switch the light off at once. ' +
      'A failed request keeps the previous state and shows its error. If the page opens while the light is blinking, the countdown resumes with the seconds left.',
    'zh-CN':
      '用于在现场找到设备。“识别”会让面板的 LED 按所选秒数闪烁（如果设备返回 0 秒，则不会闪烁）。页面逐秒倒计时剩余时间，归零后回到空闲状态；' +
      '“停止”会请求设备立即关闭指示灯。请求失败时保持原来的状态，并显示错误。如果打开页面时指示灯正在闪烁，倒计时会从剩余秒数继续。',
    'zh-TW':
      '用於在現場找到裝置。「識別」會讓面板的 LED 依所選秒數閃爍（若裝置傳回 0 秒，則不會閃爍）。頁面會逐秒倒數剩餘時間，歸零後回到閒置狀態；' +
      '「停止」會要求裝置立即關閉指示燈。要求失敗時會維持原本的狀態，並顯示錯誤。若開啟頁面時指示燈正在閃爍，倒數會從剩餘秒數繼續。',
    ja:
      '現場でデバイスを見つけやすくします。［識別］を押すと、パネルの LED が選んだ秒数だけ点滅します（デバイスが 0 秒と応答した場合は点滅しません）。' +
      'ページは残り秒数をカウントダウンし、0 になると待機状態に戻ります。［停止］はデバイスにすぐ消灯するよう要求します。' +
      'リクエストに失敗した場合は元の状態のままで、エラーを表示します。ランプの点滅中にページを開くと、カウントダウンは残りの秒数から再開します。',
    ko:
      '현장에서 장치를 쉽게 찾을 수 있게 합니다. 식별을 누르면 패널의 LED가 선택한 초 동안 깜박입니다(장치가 0초로 응답하면 깜박이지 않음). ' +
      '페이지는 남은 시간을 초 단위로 카운트다운하고 0이 되면 대기 상태로 돌아갑니다. 중지는 장치에 표시등을 즉시 끄도록 요청합니다. ' +
      '요청이 실패하면 이전 상태를 유지하고 오류를 표시합니다. 표시등이 깜박이는 동안 페이지를 열면 카운트다운이 남은 초부터 다시 이어집니다.',
    de:
      'Hilft, das Gerät vor Ort zu finden. „Identifizieren“ lässt die LED des Panels für die gewählte Anzahl Sekunden blinken (antwortet das Gerät ' +
      'mit 0 s, blinkt nichts). Die Seite zählt die verbleibenden Sekunden herunter und kehrt bei null in den Ruhezustand zurück; „Stopp“ fordert ' +
      'das Gerät auf, die Leuchte sofort auszuschalten. Schlägt eine Anfrage fehl, bleibt der vorherige Zustand erhalten und der Fehler wird angezeigt. ' +
      'Wird die Seite geöffnet, während die Leuchte blinkt, läuft der Countdown mit den verbleibenden Sekunden weiter.',
    fr:
      "Aide à repérer l'appareil sur place. Identifier fait clignoter la LED du panneau pendant le nombre de secondes choisi (si l'appareil répond 0 s, " +
      "rien ne clignote). La page affiche le compte à rebours des secondes restantes et revient à l'état inactif à zéro ; Arrêter demande à " +
      "l'appareil d'éteindre le voyant immédiatement. Si une requête échoue, l'état précédent est conservé et l'erreur s'affiche. Si la page " +
      "s'ouvre pendant que le voyant clignote, le compte à rebours reprend avec les secondes restantes.",
    it:
      'Aiuta a individuare il dispositivo sul posto. Identifica fa lampeggiare il LED del pannello per il numero di secondi scelto (se il dispositivo ' +
      'risponde 0 s, non lampeggia nulla). La pagina mostra il conto alla rovescia dei secondi rimanenti e a zero torna allo stato inattivo; Arresta ' +
      "chiede al dispositivo di spegnere subito la spia. Se una richiesta non riesce, resta lo stato precedente e viene mostrato l'errore. Se la " +
      'pagina si apre mentre la spia lampeggia, il conto alla rovescia riprende dai secondi rimanenti.',
    pl:
      'Pomaga odnaleźć urządzenie na miejscu. Identyfikuj sprawia, że dioda LED panelu miga przez wybraną liczbę sekund (jeśli urządzenie odpowie ' +
      '0 s, nic nie miga). Strona odlicza pozostałe sekundy i po dojściu do zera wraca do stanu bezczynności; Zatrzymaj prosi urządzenie ' +
      'o natychmiastowe wyłączenie diody. Jeśli żądanie się nie powiedzie, poprzedni stan zostaje zachowany, a strona pokazuje błąd. Jeśli strona ' +
      'zostanie otwarta, gdy dioda miga, odliczanie jest kontynuowane od pozostałych sekund.',
    ru:
      'Помогает найти устройство на месте. «Идентифицировать» заставляет светодиод панели мигать выбранное число секунд (если устройство ответило ' +
      '0 с, ничего не мигает). Страница отсчитывает оставшиеся секунды и при нуле возвращается в режим ожидания; «Стоп» просит устройство сразу ' +
      'выключить индикатор. Если запрос не удался, прежнее состояние сохраняется и показывается ошибка. Если открыть страницу, пока индикатор ' +
      'мигает, отсчёт продолжится с оставшихся секунд.',
  },
  events: samplesOf<IdentifyLightEvent>([
    { type: 'light.start', seconds: 30 },
    // Small countdowns, so that the last second is within a step or two; 0 is refused (nothing blinks).
    { type: 'light.resume', secondsLeft: 1 },
    { type: 'light.resume', secondsLeft: 2 },
    { type: 'light.resume', secondsLeft: 0 },
    { type: 'light.stop' },
  ]),
  doubles: {
    actors: {
      startLight: pendingPromise<{ seconds_left: number }, { seconds: number }>(),
      stopLight: pendingPromise<void>(),
    },
  },
  outcomes: {
    // The light blinking, in its last second, and not blinking at all.
    startLight: { output: { seconds_left: 30 }, otherOutputs: [{ seconds_left: 1 }, { seconds_left: 0 }], error: { status: 403, data: errorAnswer('forbidden') } },
    stopLight: { output: undefined, error: NETWORK_FAILURE },
  },
  // The countdown would make the snapshots endless: keep whether it is in its last second (the
  // `lastSecond` guard) and whether an error shows, not the seconds themselves.
  serializeState: (snapshot) => {
    const { secondsLeft, error } = snapshot.context as IdentifyLightContext;
    return JSON.stringify({ value: snapshot.value, status: snapshot.status, lastSecond: secondsLeft <= 1, error: error !== null });
  },
};

/** Every machine of the console. Adding a machine = adding an entry. */

/** The explorer's own flow, explored on a registry of one small machine (the forced re-login). */
const machineExplorer: MachineEntry = {
  id: explorerMachine.id,
  machine: explorerMachine,
  title: {
    en: 'State-machine explorer',
    'zh-CN': '状态机浏览器',
    'zh-TW': '狀態機瀏覽器',
    ja: 'ステートマシン エクスプローラー',
    ko: '상태 머신 탐색기',
    de: 'Zustandsautomaten-Explorer',
    fr: "Explorateur d'automates d'états",
    it: 'Esploratore delle macchine a stati',
    pl: 'Eksplorator maszyn stanów',
    ru: 'Обозреватель конечных автоматов',
  },
  description: {
    en:
      "This page's own flow: choose a machine, send its events step by step, go back or reset, tap a state and go there by the shortest path, " +
      'or follow one of the console’s running actors in the live view.',
    'zh-CN': '本页面自身的流程：选择一个状态机，逐步发送其事件，后退或重置，点选某个状态并沿最短路径前往，或在实时视图中跟随控制台正在运行的某个 actor。',
    'zh-TW': '本頁面本身的流程：選擇一個狀態機，逐步傳送其事件，返回或重設，點選某個狀態並沿最短路徑前往，或在即時檢視中跟隨主控台正在執行的某個 actor。',
    ja: 'このページ自体のフロー：マシンを選び、イベントを 1 つずつ送信し、戻るかリセットし、状態をタップして最短経路でそこへ移動します。ライブ表示ではコンソールで実行中のアクターを追跡できます。',
    ko: '이 페이지 자체의 흐름: 머신을 선택하고 이벤트를 한 단계씩 보내고, 뒤로 가거나 초기화하고, 상태를 눌러 최단 경로로 이동하거나, 실시간 보기에서 콘솔에서 실행 중인 액터를 따라갑니다.',
    de:
      'Der Ablauf dieser Seite selbst: einen Automaten wählen, seine Ereignisse Schritt für Schritt senden, zurückgehen oder zurücksetzen, einen Zustand antippen ' +
      'und auf dem kürzesten Weg dorthin gehen oder in der Live-Ansicht einem laufenden Aktor der Konsole folgen.',
    fr:
      'Le déroulement propre à cette page : choisir un automate, envoyer ses événements pas à pas, revenir en arrière ou réinitialiser, toucher un état et ' +
      "s'y rendre par le plus court chemin, ou suivre un acteur en cours d'exécution de la console dans la vue en direct.",
    it:
      'Il flusso di questa pagina: scegliere una macchina, inviarne gli eventi passo per passo, tornare indietro o ripristinare, toccare uno stato e raggiungerlo ' +
      'per la via più breve, oppure seguire un attore in esecuzione della console nella vista dal vivo.',
    pl:
      'Przebieg samej tej strony: wybór maszyny, wysyłanie jej zdarzeń krok po kroku, cofanie lub resetowanie, dotknięcie stanu i przejście do niego najkrótszą drogą ' +
      'albo śledzenie działającego aktora konsoli w widoku na żywo.',
    ru:
      'Собственный сценарий этой страницы: выбрать автомат, отправлять его события по шагам, вернуться назад или сбросить, коснуться состояния и перейти к нему ' +
      'кратчайшим путём или следить за работающим актором консоли в режиме реального времени.',
  },
  input: { entries: [forcedRelogin] },
  events: samplesOf<ExplorerEvent>([
    { type: 'explorer.choose', id: forcedReloginMachine.id },
    { type: 'explorer.send', event: { type: 'session.invalidToken' } },
    { type: 'explorer.back' },
    { type: 'explorer.reset' },
    { type: 'explorer.selectState', stateId: `${forcedReloginMachine.id}.confirming` },
    { type: 'explorer.goHere', stateId: `${forcedReloginMachine.id}.confirming` },
    { type: 'explorer.watch', name: 'timeChannel' },
  ]),
  doubles: {},
  outcomes: {},
  // The history grows with every step: keep what the guards and the views depend on.
  serializeState: (snapshot) => {
    const c = snapshot.context as ExplorerContext;
    return JSON.stringify({
      value: snapshot.value,
      entry: c.entry?.id ?? null,
      steps: Math.min(c.steps.length, 2),
      selected: c.selectedStateId,
      problem: c.problem?.kind ?? null,
      live: c.liveName,
    });
  },
};

export const MACHINE_REGISTRY: readonly MachineEntry[] = [
  firstRunWizard,
  passwordExpiry,
  forcedRelogin,
  timeChannel,
  safeApply,
  identifyLight,
  machineExplorer,
];

export function findMachine(id: string): MachineEntry | undefined {
  return MACHINE_REGISTRY.find((entry) => entry.id === id);
}

export { allStateNodes, traversalEvents, withDoubles } from './entry-utils';
