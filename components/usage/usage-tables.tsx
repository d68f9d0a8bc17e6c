import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { UsageReport } from "@/lib/schemas/billing";
import { conversationLabel, formatNumber, memberLabel } from "./format";

interface Column<Row> {
  header: string;
  cell: (row: Row) => React.ReactNode;
  numeric?: boolean;
}

type Counts = Pick<UsageReport["by_model"][number], "tokens" | "tokens_in" | "tokens_out" | "cache_read_tokens" | "cache_write_tokens">;

const TOKEN_COLUMNS: Column<Counts>[] = [
  { header: "Tokens", cell: (row) => formatNumber(row.tokens), numeric: true },
  { header: "Input", cell: (row) => formatNumber(row.tokens_in), numeric: true },
  { header: "Output", cell: (row) => formatNumber(row.tokens_out), numeric: true },
  { header: "Cache read", cell: (row) => formatNumber(row.cache_read_tokens), numeric: true },
  { header: "Cache write", cell: (row) => formatNumber(row.cache_write_tokens), numeric: true },
];
const MESSAGES: Column<{ messages: number }> = { header: "Messages", cell: (row) => formatNumber(row.messages), numeric: true };

function UsageTable<Row>({
  title,
  note,
  rows,
  columns,
  rowKey,
}: {
  title: string;
  note?: string;
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
}) {
  return (
    <section className="grid gap-2" aria-label={title}>
      <h3 className="text-base font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing used this month.</p>
      ) : (
        <Table>
          {note ? <TableCaption>{note}</TableCaption> : null}
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.header} className={column.numeric ? "text-right" : undefined}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.header} className={column.numeric ? "text-right tabular-nums" : "max-w-64 truncate"}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/** The month per member, per conversation and per model; the first two list the 100 that used the most. */
export function UsageTables({ report, topRows }: { report: UsageReport; topRows: number }) {
  const topNote = (what: string) => `The top ${topRows} ${what} by tokens at most, the most first. The CSV has every one.`;
  return (
    <div className="grid gap-6">
      <UsageTable
        title="Per member"
        note={topNote("members")}
        rows={report.by_member}
        rowKey={(row) => row.user_id ?? "no-one"}
        columns={[
          {
            header: "Member",
            cell: (row) => (
              <>
                {memberLabel(row)}
                {row.email ? <span className="block text-xs text-muted-foreground">{row.email}</span> : null}
              </>
            ),
          },
          MESSAGES,
          ...TOKEN_COLUMNS,
        ]}
      />
      <UsageTable
        title="Per conversation"
        note={topNote("conversations")}
        rows={report.by_conversation}
        rowKey={(row) => row.conversation_id}
        columns={[
          {
            header: "Conversation",
            cell: (row) =>
              row.title === null ? <span className="italic text-muted-foreground">{conversationLabel(null)}</span> : row.title,
          },
          MESSAGES,
          ...TOKEN_COLUMNS,
        ]}
      />
      <UsageTable
        title="Per model"
        rows={report.by_model}
        rowKey={(row) => row.model}
        columns={[{ header: "Model", cell: (row) => <span className="font-mono text-xs">{row.model}</span> }, ...TOKEN_COLUMNS]}
      />
    </div>
  );
}
