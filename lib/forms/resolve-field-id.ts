/**
 * Loose ids: the model writes `full_name`, `Full name`, `fullName` or the label itself. All of them
 * reach the field through one normal form (lower-case, letters and digits only); an id that reaches
 * nothing gets up to two close suggestions so the model can correct itself in one step.
 */

export function normalizeId(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Levenshtein distance: small inputs (ids and labels), so the quadratic table is fine. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

export interface LooseCandidate {
  id: string;
  /** Other names that also reach it (a field's label). */
  aliases?: string[];
}

export type LooseMatch = { id: string } | { id: null; didYouMean: string[] };

export function resolveLooseId(raw: string, candidates: readonly LooseCandidate[]): LooseMatch {
  const wanted = normalizeId(raw);
  const byId = candidates.find((c) => normalizeId(c.id) === wanted);
  if (byId) return { id: byId.id };
  const byAlias = candidates.find((c) => c.aliases?.some((alias) => normalizeId(alias) === wanted));
  if (byAlias) return { id: byAlias.id };
  // "distance" for "Distance (km)": the start of exactly one name reaches it; two or more is a question.
  const byPrefix = wanted.length >= 4 ? candidates.filter((c) => namesOf(c).some((name) => name.startsWith(wanted))) : [];
  if (byPrefix.length === 1) return { id: byPrefix[0].id };
  return { id: null, didYouMean: closest(wanted, candidates) };
}

/** Up to two ids within a third of the wanted length (at least 2 edits), or that contain it, nearest first. */
function closest(wanted: string, candidates: readonly LooseCandidate[]): string[] {
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return candidates
    .map((candidate) => {
      const names = namesOf(candidate);
      const distance = Math.min(
        ...names.map((name) => (wanted.length > 2 && (name.includes(wanted) || wanted.includes(name)) ? 1 : editDistance(wanted, name))),
      );
      return { id: candidate.id, distance };
    })
    .filter((scored) => scored.distance <= limit)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 2)
    .map((scored) => scored.id);
}

const namesOf = (candidate: LooseCandidate) => [candidate.id, ...(candidate.aliases ?? [])].map(normalizeId);
