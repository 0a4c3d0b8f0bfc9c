/**
 * What the director's log names but other contexts own. The log stores ids; its API and its page
 * show names, asked of the owners through this port, which the application's module binds to
 * their services (src/app.module.ts): the contexts write the log, so the log does not import them.
 */
export abstract class LogSubjects {
  /**
   * A tournament's name, its time zone (null: the server's) and its divisions' ids and names
   * (in the order made); a 404 if none.
   */
  abstract tournament(id: number): Promise<{
    name: string;
    timeZone: string | null;
    divisions: { id: number; name: string }[];
  }>;

  /** Each game's players in turn order (the second null for a bye); unknown games left out. */
  abstract playersOfGames(ids: readonly number[]): Promise<Map<number, (number | null)[]>>;

  /** Players' names by id; unknown ids left out. */
  abstract playerNames(ids: readonly number[]): Promise<Map<number, string>>;
}
