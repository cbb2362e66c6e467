/** A click as the redirect records it, before it is stored. */
export interface NewClick {
  urlId: string;
  createdAt: number;
  ip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  isp: string | null;
  userAgent: string | null;
  referer: string | null;
  isBot: boolean;
  botReason: string | null;
  /** The targeting rule that sent the visitor; null or absent for the link's own destination. */
  ruleId?: string | null;
  /** The split's variant that received the visitor; null or absent when no split chose. */
  variantId?: string | null;
  /** A person's click already added to its link's counter (by `claimClick`, for a link with a limit). */
  isPreCounted?: boolean;
  /** A person's visitor hash of that day (visitor-salts.ts); without one the click counts no visitor. */
  visitorHash?: string | null;
}
