/**
 * A rating list (CSV, as `POST /api/ratings/import` takes it) of `rows` new persons,
 * `Igrač N` with the federation id `PREFIX-N`, numbered from `from`: shared by the imports
 * and hall-day benchmarks and the jobs e2e.
 */
export function ratingList(rows: number, from = 1, prefix = 'J'): string {
  const lines = ['federationId,name,country,family,rating,games'];
  for (let i = from; i < from + rows; i++) {
    lines.push(`${prefix}-${i},Igrač ${i},SRB,kvizovka,${1000 + ((i * 7919) % 1400)},${i % 90}`);
  }
  return `${lines.join('\n')}\n`;
}
