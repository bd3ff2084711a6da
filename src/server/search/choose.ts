/**
 * A way to an answer (a list's page and count, a page in list order, a count): whether it applies to the question,
 * what it should cost, and the answer, or null when it fell short (walked as far as it may without filling the page,
 * counted as far as it may without reaching the cap). README.md, Choosing.
 */
export interface Way<Name extends string, Ask, Answer> {
  readonly name: Name;
  /** From the question and the facts read so far (each read once, when first asked for: see Ask in ask.ts). */
  applies(ask: Ask): boolean | Promise<boolean>;
  /** In µs by the cost model (cost.ts); Infinity when it cannot be told (no bound on the rows read). Asked only when more than one way applies. */
  estimate(ask: Ask): number | Promise<number>;
  run(ask: Ask): Promise<Answer | null>;
}

/** The estimate of a way that no other applies beside: it is never weighed. */
export const ALONE = () => 0;

export interface Chosen<Name extends string, Answer> { name: Name; answer: Answer; declined: Name[] }

/**
 * The ways that apply, and of those the cheapest; on equal estimates the one declared later (the ways that cannot fall
 * short are declared after those that can). One that falls short is set aside and the choice made again without it.
 */
export async function choose<Name extends string, Ask, Answer>(ways: readonly Way<Name, Ask, Answer>[], ask: Ask): Promise<Chosen<Name, Answer>> {
  const declined: Name[] = [];
  for (;;) {
    const open: Way<Name, Ask, Answer>[] = [];
    for (const way of ways) if (!declined.includes(way.name) && (await way.applies(ask))) open.push(way);
    const way = await cheapest(open, ask);
    if (!way) throw new Error(`No way applies (declined: ${declined.join(', ') || 'none'})`);
    const answer = await way.run(ask);
    if (answer !== null) return { name: way.name, answer, declined };
    declined.push(way.name);
  }
}

async function cheapest<Name extends string, Ask, Answer>(open: Way<Name, Ask, Answer>[], ask: Ask) {
  if (open.length < 2) return open[0];
  let best = open[0];
  let bestCost = await best.estimate(ask);
  for (const way of open.slice(1)) {
    const cost = await way.estimate(ask);
    if (cost <= bestCost) [best, bestCost] = [way, cost];
  }
  return best;
}
