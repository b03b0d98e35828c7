import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * True below the sm breakpoint (600 px), where tables become cards (docs/product.md#accessibility). Without matchMedia (tests,
 * no layout) the table is assumed.
 */
export function usePhoneLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { defaultMatches: false, noSsr: true });
}
