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
import type { ChangePasswordInput, ChangePasswordOutput } from './password-change';
import { passwordExpiryMachine, type PasswordExpiryEvent, type PasswordExpiryInput } from './password-expiry.machine';
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

export const MACHINE_REGISTRY: readonly MachineEntry[] = [firstRunWizard, passwordExpiry, forcedRelogin, timeChannel, machineExplorer];

export function findMachine(id: string): MachineEntry | undefined {
  return MACHINE_REGISTRY.find((entry) => entry.id === id);
}

export { allStateNodes, traversalEvents, withDoubles } from './entry-utils';
