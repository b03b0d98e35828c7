import Button from '@mui/material/Button';
import LazySpinner from '../../../components/LazySpinner';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextInput from '../../../components/TextInput';
import { useState, type FormEvent } from 'react';
import { PLAN_NAMES, SEAT_PLAN_KEYS, type SeatPlanKey } from '../../../../shared/plans';
import { MAX_SEATS, MIN_SEATS, normalizeSeats, seatsHint, seatsProblem } from '../lib/seats-input';
import ErrorAlert from '../../../components/ErrorAlert';
import { t } from '../../../i18n';

const SELECT_PRODUCT_FIRST = 'Please select a product first.';

export interface BuySeatsFormProps {
  onSubmit: (order: { product: SeatPlanKey; seats: number }) => void;
  processing: boolean;
  /** The last failed purchase, shown under the form. */
  error?: string | null;
}

/** docs/product.md#buying-seats: step 1 the product (Standard or Pro), step 2 the number of seats. */
export default function BuySeatsForm({ onSubmit, processing, error }: BuySeatsFormProps) {
  const [product, setProduct] = useState<SeatPlanKey | null>(null);
  const [seatsText, setSeatsText] = useState(String(MIN_SEATS));
  const [validation, setValidation] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!product) {
      setValidation(SELECT_PRODUCT_FIRST);
      return;
    }
    if (seatsProblem(seatsText)) return;
    const seats = normalizeSeats(seatsText);
    setSeatsText(String(seats));
    setValidation(null);
    onSubmit({ product, seats });
  }

  // Said as soon as it is typed, under the field; the order is not sent meanwhile.
  const tooMany = seatsProblem(seatsText);
  const message = validation ?? error;
  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2} aria-label={t('Buy seats')}>
      <FormControl>
        <FormLabel id="seat-product">{t('Step 1: choose a product')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="seat-product"
          name="seat-product"
          value={product ?? ''}
          onChange={(event) => {
            setProduct(event.target.value as SeatPlanKey);
            setValidation(null);
          }}
        >
          {SEAT_PLAN_KEYS.map((plan) => (
            <FormControlLabel key={plan} value={plan} control={<Radio />} label={PLAN_NAMES[plan]} />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel htmlFor="seat-count">{t('Step 2: number of seats')}</FormLabel>
        <TextInput
          id="seat-count"
          type="number"
          size="small"
          value={seatsText}
          onChange={(event) => setSeatsText(event.target.value)}
          onBlur={() => setSeatsText(String(normalizeSeats(seatsText)))}
          error={tooMany !== null}
          helperText={tooMany ?? seatsHint()}
          slotProps={{
            htmlInput: { min: MIN_SEATS, max: MAX_SEATS, step: 1, inputMode: 'numeric' },
            formHelperText: { 'aria-live': 'polite' },
          }}
          sx={{ maxWidth: 320, mt: 1 }}
        />
      </FormControl>
      <ErrorAlert error={message} />
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={processing}
          startIcon={processing ? <LazySpinner size={16} color="inherit" /> : undefined}
        >
          {processing ? t('Processing...') : t('Buy Seats')}
        </Button>
      </div>
    </Stack>
  );
}
