import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/languages';
import { useAppDispatch, useAppSelector } from '../../store';
import { languageChosen, selectLanguage } from '../../store/app-slice';

export function LanguageSelect({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  return (
    <TextField
      select
      size={size}
      label={t('language.label')}
      value={language}
      onChange={(e) => dispatch(languageChosen(e.target.value))}
      sx={{ minWidth: 140 }}
    >
      {LANGUAGES.map((l) => (
        <MenuItem key={l.code} value={l.code} lang={l.code}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
