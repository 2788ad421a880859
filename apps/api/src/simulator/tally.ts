/** What a simulation did, printed when it ends (by its time limit or Ctrl-C). */
export type SimulatorTally = {
  devices: number;
  provisioned: number;
  skipped: number;
  heartbeats: number;
  batches: number;
  /** Shots the server acknowledged as new. */
  shotsSent: number;
  /** Batches sent a second time on purpose, and how many of those the server answered as already counted. */
  retried: number;
  retriedIgnored: number;
  capsulesReplaced: number;
  /** Answers 429 or 5xx (each followed by a back-off and the same request again). */
  backedOff: number;
  /** Other 4xx answers: the request was dropped. */
  refused: number;
};

export const emptyTally = (): SimulatorTally => ({
  devices: 0,
  provisioned: 0,
  skipped: 0,
  heartbeats: 0,
  batches: 0,
  shotsSent: 0,
  retried: 0,
  retriedIgnored: 0,
  capsulesReplaced: 0,
  backedOff: 0,
  refused: 0,
});

export function tallyLines(tally: SimulatorTally, seconds: number): string[] {
  return [
    `devices driven: ${tally.devices} (provisioned now: ${tally.provisioned}, skipped: ${tally.skipped})`,
    `shots sent and counted: ${tally.shotsSent} in ${tally.batches} batches over ${seconds.toFixed(1)} s`,
    `batches sent twice on purpose: ${tally.retried} (answered as already counted: ${tally.retriedIgnored})`,
    `heartbeats: ${tally.heartbeats}; capsules replaced: ${tally.capsulesReplaced}`,
    `refused: ${tally.refused}; backed off (429/5xx): ${tally.backedOff}`,
  ];
}
