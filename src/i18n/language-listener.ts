import { startAppListening } from '../../store';
import { languageApplied, languageChosen, noticeShown } from '../../store/app-slice';
import { changeLanguage } from './i18n';
import { isLanguageCode } from './languages';

/** Choosing a language loads its chunk, saves the cookie and says so in the new language. */
export function listenForLanguage(): () => void {
  return startAppListening({
    actionCreator: languageChosen,
    effect: async (action, api) => {
      if (!isLanguageCode(action.payload)) return;
      try {
        await changeLanguage(action.payload);
        api.dispatch(languageApplied(action.payload));
        api.dispatch(noticeShown({ key: 'language.changed', severity: 'success' }));
      } catch {
        api.dispatch(noticeShown({ key: 'errors.network', severity: 'error' }));
      }
    },
  });
}
