/**
 * Which header lines belong to one connection rather than to the message: Connection, Keep-Alive,
 * Transfer-Encoding, TE, Trailer, Upgrade and Proxy-*. Whatever sends a stored request or an
 * answer on (replay, copy as code, the forwarder and its answer, scripted responses) leaves them out.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

export function isHopByHop(name: string): boolean {
  const lower = name.toLowerCase();
  return HOP_BY_HOP.has(lower) || lower.startsWith('proxy-');
}

/** Hop-by-hop, or one a new connection sets itself for its own target and body (Host, Content-Length). */
export function isSetByConnection(name: string): boolean {
  const lower = name.toLowerCase();
  return isHopByHop(lower) || lower === 'host' || lower === 'content-length';
}
