/** How to pin the extension to the toolbar, so it is one click away on every profile page. */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { translated } from '../../../i18n';

const STEPS = [
  'Click the puzzle-piece (Extensions) icon at the top right of Chrome.',
  'Find the extension in the list.',
  'Click the pin icon next to it.',
];

export default function PinSteps() {
  return (
    <List component="ol" dense sx={{ listStyle: 'decimal', pl: 3 }}>
      {STEPS.map((step) => (
        <ListItem key={step} sx={{ display: 'list-item', pl: 0.5 }}>
          <ListItemText primary={translated(step)} />
        </ListItem>
      ))}
    </List>
  );
}
