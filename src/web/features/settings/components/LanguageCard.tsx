/**
 * Settings > Language (docs/product.md#languages): the UI's language, chosen from the browser until the user picks one
 * here; the choice is remembered (a cookie the server reads too) and the app reloads in it.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../../../shared/locale';
import { activeLocale, t } from '../../../i18n';
import { chooseLocale } from '../../../i18n/browser-locale';

export function LanguageCard() {
  return (
    <Card variant="outlined" component="section" aria-labelledby="language-card-title">
      <CardContent>
        <Typography id="language-card-title" variant="h6" component="h2" gutterBottom>
          {t('Language')}
        </Typography>
        <TextField
          select
          label={t('Language')}
          name="language"
          size="small"
          value={activeLocale()}
          onChange={(event) => {
            if (isLocale(event.target.value) && event.target.value !== activeLocale()) {
              chooseLocale(event.target.value);
            }
          }}
          sx={{ minWidth: 220 }}
        >
          {LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
    </Card>
  );
}
