import { PageHeader } from "@/components/shell/page-header";

/** The frame of the forms pages: the page's heading and a wide column (the builder sits beside its preview). */
export function FormsPageFrame({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 p-6">
      <PageHeader title={title} description={description} />
      {children}
    </div>
  );
}
