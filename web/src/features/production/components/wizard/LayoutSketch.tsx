import Box from '@mui/material/Box';
import type { ProductionViewType } from '@gearwatch/contracts';

/** A small picture of the layout: two panels side by side (columns) or one above the other (rows). */
export function LayoutSketch({ type }: { type: ProductionViewType }) {
  const panel = (key: number) => (
    <Box
      key={key}
      sx={{ flex: 1, bgcolor: 'grey.800', borderRadius: 0.5, p: 0.5, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', gap: 0.5 }}
    >
      <Box sx={{ height: 4, width: '70%', bgcolor: 'success.main', borderRadius: 1 }} />
    </Box>
  );
  return (
    <Box
      aria-hidden
      sx={{
        width: 120,
        height: 68,
        bgcolor: 'grey.900',
        borderRadius: 1,
        p: 0.75,
        display: 'flex',
        flexDirection: type === 'columns' ? 'row' : 'column',
        gap: 0.75,
      }}
    >
      {[0, 1].map(panel)}
    </Box>
  );
}
