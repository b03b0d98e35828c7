import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';

/**
 * A value cut with an ellipsis at its column's width, whole in a tooltip on hover and in the page's text
 * (what a screen reader reads). `lines` above 1 lets a sentence wrap that many lines before it is cut.
 */
export default function ClippedText({ text, lines = 1 }: { text: string; lines?: number }) {
  const clip: SxProps<Theme> =
    lines === 1
      ? { display: 'block', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }
      : { display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical' };
  return (
    <Tooltip title={text} describeChild placement="bottom-start" enterDelay={300}>
      <Box component="span" sx={[{ overflow: 'hidden', overflowWrap: 'anywhere' }, clip]}>
        {text}
      </Box>
    </Tooltip>
  );
}
