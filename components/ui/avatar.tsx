"use client";

import * as React from "react";
import { cn } from "@/lib/utils";

// Radix's Avatar, reduced to what the app uses (it is on every signed-in page's first load): the
// fallback shows until the image has loaded, and stays if it fails.
const ImageLoaded = React.createContext<{ loaded: boolean; setLoaded: (loaded: boolean) => void }>({ loaded: false, setLoaded: () => {} });

export function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  const [loaded, setLoaded] = React.useState(false);
  return (
    <ImageLoaded value={{ loaded, setLoaded }}>
      <span className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)} {...props} />
    </ImageLoaded>
  );
}

export function AvatarImage({ className, src, alt, ...props }: React.ComponentProps<"img"> & { src: string }) {
  const { loaded, setLoaded } = React.use(ImageLoaded);
  React.useEffect(() => {
    // Loaded off-screen first, so a broken image never shows.
    const image = new window.Image();
    image.onload = () => setLoaded(true);
    image.src = src;
    return () => {
      image.onload = null;
      setLoaded(false);
    };
  }, [src, setLoaded]);
  // eslint-disable-next-line @next/next/no-img-element -- a remote avatar of any size; next/image would need its host configured
  return loaded ? <img src={src} alt={alt} className={cn("aspect-square size-full", className)} {...props} /> : null;
}

export function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  const { loaded } = React.use(ImageLoaded);
  if (loaded) return null;
  return (
    <span
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-accent text-xs font-medium text-accent-foreground",
        className,
      )}
      {...props}
    />
  );
}

/** Up to two initials from a name ("Ada Lovelace" → "AL"), or from an email's local part. */
export function initials(nameOrEmail: string): string {
  const words = nameOrEmail
    .split("@")[0]
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[words.length - 1][0] : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}
