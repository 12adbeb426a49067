import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/languages';
import { useAppDispatch, useAppSelector } from '../../store';
import { languageChosen, selectLanguage } from '../../store/app-slice';

/** The language selector: a native select (the platform's own picker on a tablet, and no menu
 * code in the sign-in bundle). */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: { xs: 112, md: 140 }, flexShrink: 0 }}>
      <InputLabel htmlFor={id}>{t('language.label')}</InputLabel>
      <NativeSelect
        id={id}
        value={language}
        onChange={(e) => dispatch(languageChosen(e.target.value))}
        input={<OutlinedInput label={t('language.label')} id={id} />}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
