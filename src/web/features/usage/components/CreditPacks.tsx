import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../entities/session';
import { useBuyCreditsMutation, useGetCreditPacksQuery } from '../../../api/endpoints/credits';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { formatPrice } from '../../../entities/credits';
import { leaveAppTo, safeRedirectUrl } from '../../../lib/safe-redirect';
import { t } from '../../../i18n';

const PACKS_FAILED = 'Failed to load credit packs';
const BUY_CREDITS_FAILED = 'Failed to start the payment';

/**
 * Top-ups (docs/product.md#top-ups): seeded credit packs, paid once through the payment provider; they never
 * expire. A buyer in an organization chooses the team pool (the default) or their own balance.
 */
export default function CreditPacks() {
  const inOrganization = useAppSelector(selectUser)?.organization != null;
  const [creditsTo, setCreditsTo] = useState<'pool' | 'own'>('pool');
  const packs = useGetCreditPacksQuery();
  const [buyCredits] = useBuyCreditsMutation();
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);

  const onBuy = async (slug: string) => {
    setBuying(slug);
    setError(null);
    try {
      const { url } = await buyCredits({
        pack: slug,
        request_url: window.location.href,
        ...(inOrganization ? { credits_to: creditsTo } : {}),
      }).unwrap();
      const target = safeRedirectUrl(url, window.location.origin);
      if (!target) throw new Error(BUY_CREDITS_FAILED);
      leaveAppTo(target);
    } catch (failure) {
      setError(withDetail(BUY_CREDITS_FAILED, failure));
      setBuying(null);
    }
  };

  if (packs.isLoading) return <LoadingState shape="cards" cardHeight={120} />;
  if (packs.isError || !packs.data) {
    return <ErrorAlert error={withDetail(PACKS_FAILED, packs.error)} onRetry={() => void packs.refetch()} />;
  }
  return (
    <Stack spacing={2}>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      {inOrganization && (
        <RadioGroup
          row
          value={creditsTo}
          onChange={(event) => setCreditsTo(event.target.value as 'pool' | 'own')}
          aria-label={t('Where the credits go')}
        >
          <FormControlLabel value="pool" control={<Radio />} label={t('To the team pool')} />
          <FormControlLabel value="own" control={<Radio />} label={t('To my own balance')} />
        </RadioGroup>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {packs.data.data.map((pack) => (
          <Card key={pack.slug} variant="outlined" sx={{ flex: 1 }}>
            <CardContent>
              <Typography variant="h6" component="h3">
                {/* The pack is named after its credits: said in the UI's language, not the stored English. */}
                {t('{credits, plural, one {# credit} other {# credits}}', { credits: pack.credits })}
              </Typography>
              <Typography color="text.secondary">
                {t('{price} · one-off, never expire', { price: formatPrice(pack.price) })}
              </Typography>
            </CardContent>
            <CardActions>
              <Button
                variant="contained"
                disabled={buying !== null}
                onClick={() => void onBuy(pack.slug)}
                aria-label={t('Buy {pack} for {price}', {
                  pack: t('{credits, plural, one {# credit} other {# credits}}', { credits: pack.credits }),
                  price: formatPrice(pack.price),
                })}
              >
                {buying === pack.slug ? t('Redirecting...') : t('Buy')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
