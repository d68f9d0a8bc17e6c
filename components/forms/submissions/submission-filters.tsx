"use client";

import { NativeSelect } from "@/components/settings/native-select";
import { useMembers } from "@/components/settings/use-org-api";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { SubmissionColumn, SubmissionFilters } from "@/lib/schemas/form-submissions";

/**
 * The list's filters as a plain form: submitting it puts them in the URL (the page reads them
 * from there), so a filtered list can be bookmarked, shared and reloaded.
 */
export function SubmissionFiltersForm({
  slug,
  filters,
  columns,
  onApply,
}: {
  slug: string;
  filters: SubmissionFilters;
  columns: SubmissionColumn[];
  onApply: (filters: SubmissionFilters) => void;
}) {
  const members = useMembers(slug);
  return (
    <form
      aria-label="Filter submissions"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const read = (name: string) => (String(data.get(name) ?? "").trim() || undefined) as never;
        onApply({
          from: read("from"),
          to: read("to"),
          submitter: read("submitter"),
          status: read("status"),
          field: read("field"),
          value: read("value"),
        });
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor="filter-from">From</Label>
        <Input id="filter-from" name="from" type="date" defaultValue={filters.from?.slice(0, 10)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-to">To</Label>
        <Input id="filter-to" name="to" type="date" defaultValue={filters.to?.slice(0, 10)} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-submitter">Submitted by</Label>
        <NativeSelect id="filter-submitter" name="submitter" defaultValue={filters.submitter ?? ""}>
          <option value="">Anyone</option>
          {members.data?.members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name || member.email}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-status">Status</Label>
        <NativeSelect id="filter-status" name="status" defaultValue={filters.status ?? ""}>
          <option value="">Any</option>
          <option value="new">New</option>
          <option value="processed">Processed</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-field">Field</Label>
        <NativeSelect id="filter-field" name="field" defaultValue={filters.field ?? ""}>
          <option value="">Any field</option>
          {columns.map((column) => (
            <option key={column.id} value={column.id}>
              {column.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-value">contains</Label>
        <Input id="filter-value" name="value" defaultValue={filters.value} maxLength={200} placeholder="text" />
      </div>
      <Button type="submit" variant="outline">
        Apply filters
      </Button>
    </form>
  );
}
