/**
 * The one loading pattern of the app: grey shapes where the content will be (MUI Skeleton), with the
 * loading text kept for assistive tech (LoadingStatus). The container is aria-busy until the content
 * replaces it. `shape` says what is coming, so the page does not jump when it arrives:
 * - `lines`: a few lines of text (a card's body, a short state);
 * - `table`: a header row and rows (members, invitations, sessions, the audit log);
 * - `cards`: a row of cards (the overview, plans, credit packs);
 * - `form`: labelled fields and a button.
 * A `lines` wait with words of its own ('Logging out...') shows them above the lines.
 */
import Box from '@mui/material/Box';
import Bone from './Bone';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoadingStatus, { LOADING_TEXT } from './LoadingStatus';
import { translated } from '../../i18n/index';

export type SkeletonShape = 'lines' | 'table' | 'cards' | 'form';

export interface ContentSkeletonProps {
  shape?: SkeletonShape;
  /** What assistive tech hears; 'Loading...' unless the wait has a better name. */
  text?: string;
  /** Rows of a table, lines of text, cards or fields. */
  count?: number;
  /** Height of each card of `cards` (px), to match what replaces them. */
  cardHeight?: number;
}

const DEFAULT_COUNT: Record<SkeletonShape, number> = { lines: 3, table: 4, cards: 3, form: 2 };

function Shapes({ shape, count, cardHeight }: { shape: SkeletonShape; count: number; cardHeight: number }) {
  const items = Array.from({ length: count }, (_, index) => index);
  switch (shape) {
    case 'table':
      return (
        <>
          <Bone variant="rectangular" height={36} sx={{ mb: 1, borderRadius: 1 }} />
          {items.map((index) => (
            <Bone key={index} variant="rectangular" height={44} sx={{ mb: 0.5, borderRadius: 1 }} />
          ))}
        </>
      );
    case 'cards':
      return (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.min(count, 3)}, 1fr)` },
          }}
        >
          {items.map((index) => (
            <Bone key={index} variant="rounded" height={cardHeight} />
          ))}
        </Box>
      );
    case 'form':
      return (
        <>
          {items.map((index) => (
            <Bone key={index} variant="rounded" height={56} sx={{ mb: 2, maxWidth: 480 }} />
          ))}
          <Bone variant="rounded" height={36} width={140} />
        </>
      );
    default:
      return (
        <>
          {items.map((index) => (
            <Bone key={index} variant="text" width={index === count - 1 ? '60%' : '100%'} />
          ))}
        </>
      );
  }
}

export default function ContentSkeleton({
  shape = 'lines',
  text,
  count,
  cardHeight = 160,
}: ContentSkeletonProps) {
  return (
    // Stack (not Box) on purpose: the entry bundle has it anyway, so the first-load fallback costs no more.
    <Stack aria-busy="true" sx={{ width: '100%', py: 1 }}>
      {/* A wait with words of its own ('Logging out...') says them on screen too: grey lines alone would not
          tell what is happening. Plain 'Loading...' is for assistive tech only; the shapes say it. */}
      {text && text !== LOADING_TEXT && shape === 'lines' ? (
        <Typography role="status" aria-live="polite" color="text.secondary" sx={{ mb: 1 }}>
          {translated(text)}
        </Typography>
      ) : (
        <LoadingStatus text={text} />
      )}
      <Box aria-hidden="true">
        <Shapes shape={shape} count={count ?? DEFAULT_COUNT[shape]} cardHeight={cardHeight} />
      </Box>
    </Stack>
  );
}
