/** Ranking metrics over relevance judgements (binary, and graded for nDCG). */

/** nDCG@k: DCG of the ranking over the DCG of an ideal ranking of the judged set. */
export function ndcgAt(k: number, ranked: string[], relevant: Set<string>): number {
  let dcg = 0
  ranked.slice(0, k).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2)
  })
  let ideal = 0
  for (let i = 0; i < Math.min(k, relevant.size); i++) ideal += 1 / Math.log2(i + 2)
  return ideal === 0 ? 0 : dcg / ideal
}

/** recall@k, over what can fit in k results: hits / min(|relevant|, k). */
export function recallAt(k: number, ranked: string[], relevant: Set<string>): number {
  const hits = ranked.slice(0, k).filter((id) => relevant.has(id)).length
  return relevant.size === 0 ? 0 : hits / Math.min(relevant.size, k)
}

/** Reciprocal rank of the first relevant result (0 when none is returned). */
export function reciprocalRank(ranked: string[], relevant: Set<string>): number {
  const i = ranked.findIndex((id) => relevant.has(id))
  return i < 0 ? 0 : 1 / (i + 1)
}

/**
 * nDCG@k over graded judgements (gain = grade, as BEIR and ToolRet compute it): DCG of the ranking over the DCG of
 * the judged grades in their best order. Unjudged results gain 0.
 */
export function gradedNdcgAt(k: number, ranked: string[], grades: Map<string, number>): number {
  let dcg = 0
  ranked.slice(0, k).forEach((id, i) => {
    dcg += (grades.get(id) ?? 0) / Math.log2(i + 2)
  })
  const best = [...grades.values()].sort((a, b) => b - a).slice(0, k)
  const ideal = best.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0)
  return ideal === 0 ? 0 : dcg / ideal
}
