import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Label–value facts about one thing, each label a row header for screen readers. */
export function DetailsTable({ label, rows }: { label: string; rows: Array<[string, string]> }) {
  return (
    <Paper variant="outlined">
      <Table size="small" aria-label={label}>
        <TableBody>
          {rows.map(([name, value], index) => (
            <TableRow key={index}>
              <TableCell component="th" scope="row" sx={{ width: 220 }}>
                {name}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
