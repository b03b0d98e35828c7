/**
 * The 'What is a credit?' button with the credits tooltip (docs/product.md#plan-cards). MUI's Tooltip brings Popper, which
 * /pricing's first load would carry for this one hint: it is fetched when the visitor first points at,
 * focuses or touches the button, and opens as soon as it has arrived.
 */
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { lazy, Suspense, useRef, useState } from 'react';
import { msg, t } from '../../i18n';
import PlainIconButton from '../../components/PlainIconButton';

/** docs/product.md#plan-cards: the credits tooltip. */
export const CREDITS_TOOLTIP = msg(
  'Each credit finds contact details, including email addresses, for one profile.',
);

const Tooltip = lazy(() => import(/* webpackChunkName: "tooltip" */ '@mui/material/Tooltip'));

export default function CreditsHint() {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  // The button is drawn anew inside the tooltip: a keyboard user's focus moves to the new one.
  const keepFocus = useRef(false);
  const iconButton = (inTooltip: boolean) => (
    <PlainIconButton
      edge="end"
      size="small"
      aria-label={t('What is a credit?')}
      ref={(element) => {
        if (!element || !keepFocus.current) return;
        element.focus();
        if (inTooltip) keepFocus.current = false;
      }}
    >
      <InfoOutlinedIcon fontSize="small" />
    </PlainIconButton>
  );
  const button = iconButton(false);
  if (!wanted) {
    const want = (focused: boolean) => () => {
      keepFocus.current = focused;
      setWanted(true);
      setOpen(true);
    };
    return (
      <span onPointerOver={want(false)} onFocus={want(true)} onTouchStart={want(false)}>
        {button}
      </span>
    );
  }
  return (
    <Suspense fallback={button}>
      <Tooltip
        title={t(CREDITS_TOOLTIP)}
        enterTouchDelay={0}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
      >
        {iconButton(true)}
      </Tooltip>
    </Suspense>
  );
}
