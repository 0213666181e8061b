/** A line of the bot's progress on standard output: what a person running the sample watches. */
export const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
