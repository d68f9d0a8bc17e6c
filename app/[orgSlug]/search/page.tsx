import { Suspense } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SearchView } from "@/components/search/search-view";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Search" };

export default async function SearchPage({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  // The view reads the query from the URL (useSearchParams), which needs a boundary of its own.
  return (
    <Suspense>
      <SearchView orgSlug={ctx.orgSlug} />
    </Suspense>
  );
}
