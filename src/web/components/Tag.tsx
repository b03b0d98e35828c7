/**
 * A small label that looks like MUI's `<Chip size="small">` (same height, radius, type and colours), for
 * labels nobody clicks. Chip pulls in ButtonBase's clickable and deletable machinery: about 5 KB gzipped
 * of the pricing and dashboard first loads (docs/performance.md#size-budgets).
 */
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

type TagColor = 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'info' | 'warning';

export interface TagProps {
  label: string;
  color?: TagColor;
  variant?: 'filled' | 'outlined';
  sx?: SxProps<Theme>;
  'data-plan'?: string;
}

export default function Tag({ label, color = 'default', variant = 'filled', sx, ...data }: TagProps) {
  const outlined = variant === 'outlined';
  return (
    <Box
      component="span"
      {...data}
      sx={[
        (theme) => ({
          maxWidth: '100%',
          boxSizing: 'border-box',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          height: 24,
          borderRadius: 12,
          fontFamily: theme.typography.fontFamily,
          fontSize: theme.typography.pxToRem(13),
          lineHeight: 1.5,
          whiteSpace: 'nowrap',
          verticalAlign: 'middle',
          ...(color === 'default'
            ? {
                color: theme.palette.text.primary,
                backgroundColor: outlined ? 'transparent' : theme.palette.action.selected,
                border: outlined
                  ? `1px solid ${theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[700]}`
                  : 0,
              }
            : {
                color: outlined ? theme.palette[color].main : theme.palette[color].contrastText,
                backgroundColor: outlined ? 'transparent' : theme.palette[color].main,
                border: outlined ? `1px solid ${theme.alpha(theme.palette[color].main, 0.7)}` : 0,
              }),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {/* The label in its own element, as in Chip: it is what truncates. */}
      <Box
        component="span"
        sx={{ px: outlined ? '7px' : 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {label}
      </Box>
    </Box>
  );
}
