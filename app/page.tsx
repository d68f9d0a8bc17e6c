import { CallToAction } from "@/components/marketing/call-to-action";
import { FeatureGrid } from "@/components/marketing/feature-grid";
import { Hero } from "@/components/marketing/hero";
import { SiteFooter } from "@/components/marketing/site-footer";
import { SiteHeader } from "@/components/marketing/site-header";

// The public landing page: static, no data fetching, so it is prerendered at build time.
export default function LandingPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus-visible:outline-none">
        <Hero />
        <FeatureGrid />
        <CallToAction />
      </main>
      <SiteFooter />
    </>
  );
}
