/**
 * Ids of the parts of a link the owner edits as a list (targeting rules, split variants): each part
 * keeps the id it was sent with, so its clicks stay attributed to it across edits, unless another
 * part of the list already has it; new parts get a fresh random one.
 */
import { randomBytes } from 'node:crypto';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function newPartId(): string {
  return [...randomBytes(8)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** `parts` with their ids settled: sent ids kept once, the rest freshly made. */
export function withStableIds<Part extends { id?: string | undefined }>(
  parts: readonly Part[],
): (Part & { id: string })[] {
  const used = new Set<string>();
  return parts.map((part) => {
    let id = part.id !== undefined && !used.has(part.id) ? part.id : newPartId();
    while (used.has(id)) id = newPartId();
    used.add(id);
    return { ...part, id };
  });
}
