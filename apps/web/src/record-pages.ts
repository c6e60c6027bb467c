/**
 * The health record pages, each still its own chunk. routes.tsx reaches them through this small module:
 * the first screens' code then carries one entry of Vite's preload map for all six, instead of the list
 * of every chunk each of them needs (about 0.4 KB gzip of file names in the first bundle).
 */
export const recordPages = {
  coverage: () => import('./features/coverage/CoveragePage'),
  todo: () => import('./features/medications/TodoPage'),
  visits: () => import('./features/visits/VisitsPage'),
  symptomNotes: () => import('./features/symptom-notes/SymptomNotesPage'),
  summary: () => import('./features/my-data/MyDataSummaryPage'),
  accountDeleted: () => import('./features/my-data/AccountDeletedPage'),
  accessLog: () => import('./features/my-data/AccessLogPage'),
};
