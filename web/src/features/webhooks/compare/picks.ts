/** Which requests are picked for comparison: at most two, in the order they were picked. */

/** Picks `id`, or unpicks it when it was picked; a third pick lets go of the first. */
export function togglePick(picked: readonly number[], id: number): number[] {
  if (picked.includes(id)) return picked.filter((other) => other !== id);
  return [...picked, id].slice(-2);
}
