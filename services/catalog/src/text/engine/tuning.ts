/**
 * Every number ranking depends on, in one place. Chosen by measuring `bun run bench:quality` over a grid (see the
 * catalog README); none of them names a query or a listing.
 */
export const TUNING = {
  /**
   * BM25F weight of a term found in each field (FIELDS order: name, title, tools, description, tags, toolText, readme,
   * category). The tool fields are normalised by the listings that have tools (store.ts), so a short tool list counts
   * as short among tool lists: measured with the dev part's tools written (`bun run bench:tools`), tools 0.3 and tool
   * text 0.07 kept the judged sets where they were without tools (original 0.871, task 0.535 against 0.872, 0.534;
   * the original's 0.001 is the seen-running trust alone) and lifted the tool queries 0.212 → 0.597, where tools 2
   * and 0.6 normalised over every listing gave 0.871, 0.535 and 0.409.
   */
  fieldWeights: [1, 1, 0.3, 1, 1.2, 0.07, 0.3, 1],
  /** BM25F length normalisation per field (0: length does not matter). */
  fieldB: [1, 1, 0.5, 0.75, 0.5, 0.75, 0.75, 0],
  /** BM25 saturation: how quickly repeats of a term stop adding. */
  k1: 1.5,
  /** Share of the score that depends on how much of the query (weighted by rarity) a listing matches. */
  coverage: 0,
  /** Multipliers added for trust, each on evidence we can name. */
  trust: {
    /** The reverse-DNS namespace of the name is the repository's owner (io.github.acme/x at github.com/acme/x). */
    officialNamespace: 0.2,
    /** The listing is marked official (a verified claim by its publisher). */
    isOfficial: 0.25,
    /** Its owner's claim is verified and active. */
    verified: 0.15,
    /** GitHub stars, on a log scale up to 100k. */
    stars: 0.2,
  },
  /**
   * Multipliers of a listing's state: archived or deprecated, unreachable (health `down`), and an install recipe
   * we are unsure of or lack (`high` keeps 1). One that is no longer usable ranks below an active one that matches
   * as well.
   */
  lifecycle: { retired: 0.4, down: 0.6, lowInstall: 0.98, noInstall: 0.9 },
  /** What a third party's hosted copy of another account's repository keeps: the account's own listing is the face. */
  copy: 0.8,
  /**
   * Multipliers of the listings a query names (the engine's `named` boosts), each far above any relevance: a name or
   * install name typed as written (with its separators: `postgres-mcp`, `io.github.x/y`) first, then the own listings
   * of the publisher a plain query names (`notion`), then the listings whose name is a plain query's words, the words
   * every server shares aside (`zulip`; `postgres mcp server` names `postgres`). Measured on the judged sets (nDCG@10
   * of all 179 queries): a plain name at 1 gave 0.879 (an exact name first for 39 of 40), at 100 0.881 (40 of 40).
   */
  named: { written: 1e6, publisher: 1e4, word: 1e2 },
  /** Share of its score a listing scoped to one or two countries loses when the query names none of them. */
  countryScope: 0.3,
  /** Weight of a curated synonym of a query word (synonyms.ts). */
  synonym: 0.8,
  /** Weight of a query word found as a part of a longer word (mongo in MongoDB, git in GitHub). */
  part: 0.6,
  /** Weight of two query words found joined in a listing (mongo db → mongodb). */
  joinedPair: 0.7,
  /**
   * A query word found in at least `share` of the listings (and at least `minListings`) beside one that is not only
   * scores the listings the others match, as Elasticsearch's common terms query does; share 0 turns it off.
   */
  common: { share: 0.1, minListings: 100 },
  /** Pseudo-relevance feedback: terms shared by the best first-pass matches join the query, weakly. */
  feedback: { docs: 15, terms: 12, weight: 0.35, minShared: 2, maxDfShare: 0.2 },
  /**
   * Associations learnt from the catalog's text (associations.ts): per query word, up to `perWord` terms found in at
   * least `minShare` of a sample of `sample` of its listings and `minLift` times more often there than overall,
   * added at `weight` × √share (at most `max` in a plan); 0 turns them off.
   */
  associations: {
    weight: 0.1,
    sample: 256,
    minDf: 3,
    minCount: 3,
    minShare: 0.05,
    minLift: 3,
    maxDfShare: 0.2,
    perWord: 4,
    max: 12,
  },
  /**
   * Word senses (senses.ts, sense-plan.ts), for a query of two words or more. The first `perLemma` senses of each
   * base form are a word's candidates, each with the stems of its gloss, synonyms and up to `neighbours` neighbours.
   * A word is read in the sense that scores best: the log of its use in WordNet's corpus, plus `overlap` for each stem
   * it shares with the `contextSenses` most frequent senses of the other words; when it outscores every other sense by
   * `margin`, up to `perWord` of that sense's
   * related words found in at most `maxDfShare` of the listings, held beside another query word in at least
   * `minTogether` listings and `minLift` times more often than chance, join the word's forms at `weight` (at `standIn`
   * for a word no listing holds, whose only forms they are). A stem that
   * is another noun than the word as typed (driving, drive), held by at least `minStemDf` listings that hold the
   * words of the typed word's usual senses (held by at least `minReach` of the listings, so the measure means
   * something) less than `foreignLift` times as often as listings at large, weighs `foreign`. weight 0 turns them off.
   */
  senses: {
    weight: 0.2,
    standIn: 0.6,
    perLemma: 3,
    neighbours: 6,
    contextSenses: 2,
    overlap: 1,
    margin: 0,
    perWord: 4,
    maxDfShare: 0.05,
    minTogether: 1,
    minLift: 3,
    minStemDf: 5,
    minReach: 0.05,
    foreignLift: 0.6,
    foreign: 0.3,
  },
  /**
   * Prefix matches (postgres → postgresql): weight base + span × (prefix length / term length), at most `max` terms,
   * for a word found in at most `maxDfShare` of the listings.
   */
  prefix: { base: 0.3, span: 0.4, max: 8, minLength: 3, maxDfShare: 0.05 },
  /** Typo matches: weight of one and of two edits; a word gets them only when it is itself rare or unknown. */
  typo: { one: 0.8, two: 0.6, max: 2, rareBelow: 1, maxWords: 3 },
} as const
