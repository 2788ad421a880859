/**
 * The kit's part of a resource's service, from its `recordReads`, `recordStates` and `recordSaves`:
 * the reads the list, export, bulk selection and record routes call, the saves and the state changes.
 * A service spreads it and adds what is its own (its typeahead, its commands):
 * `return { ...kitService({ reads, states, saves }), quickSearch: … }`.
 */
export function kitService<
  Reads extends { list: unknown; exportBatches: unknown; selection: unknown; get: unknown },
  States extends { activate: unknown; deactivate: unknown; deletePermanently: unknown; bulk: unknown },
  Saves extends { create: unknown; update: unknown },
>({ reads, states, saves }: { reads: Reads; states: States; saves: Saves }) {
  return {
    list: reads.list as Reads['list'],
    exportBatches: reads.exportBatches as Reads['exportBatches'],
    selection: reads.selection as Reads['selection'],
    get: reads.get as Reads['get'],
    create: saves.create as Saves['create'],
    update: saves.update as Saves['update'],
    activate: states.activate as States['activate'],
    deactivate: states.deactivate as States['deactivate'],
    deletePermanently: states.deletePermanently as States['deletePermanently'],
    bulkStates: states.bulk as States['bulk'],
  };
}
