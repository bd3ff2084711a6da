import i18n from '../i18n';

/**
 * The grid's later words (undo of a save, the question before a discard, the form opened on held cells), in the five
 * languages, under the interface's `grid.` keys. They load with the grid, which loads with the lists: English is in the
 * first load (locales/ui/en.ts) and these would have added to it for screens that never edit a cell. A language's
 * bundle loaded later merges around them (i18n/index.ts adds bundles deep).
 */
export const GRID_WORDS = {
  en: {
    undone_one: 'Change to {{count}} row undone', undone_other: 'Changes to {{count}} rows undone',
    undonePartly_one: 'Change to {{count}} row undone; not to {{rows}}.', undonePartly_other: 'Changes to {{count}} rows undone; not to {{rows}}.',
    notUndone: 'The changes to {{rows}} could not be undone.',
    discardTitle: 'Discard changes',
    discardQuestion_one: 'Discard {{count}} row\'s changes?', discardQuestion_other: 'Discard {{count}} rows\' changes?',
    discardNote: 'The changed cells go back to what the records hold. Nothing was saved yet, so this cannot be undone.',
    formDraft: 'The cells you changed in the list are filled in below: Save writes them, Cancel keeps them in the list.',
  },
  zh: {
    undone_one: '已撤销对 {{count}} 行的更改', undone_other: '已撤销对 {{count}} 行的更改',
    undonePartly_one: '已撤销对 {{count}} 行的更改；{{rows}} 的更改未能撤销。', undonePartly_other: '已撤销对 {{count}} 行的更改；{{rows}} 的更改未能撤销。',
    notUndone: '{{rows}} 的更改未能撤销。',
    discardTitle: '放弃更改',
    discardQuestion_one: '放弃 {{count}} 行的更改？', discardQuestion_other: '放弃 {{count}} 行的更改？',
    discardNote: '已更改的单元格将恢复为记录中的值。这些更改尚未保存，因此无法撤销。',
    formDraft: '您在列表中更改的单元格已填入下方：“保存”会写入它们，“取消”会将它们保留在列表中。',
  },
  es: {
    undone_one: 'Cambio en {{count}} fila deshecho', undone_other: 'Cambios en {{count}} filas deshechos',
    undonePartly_one: 'Cambio en {{count}} fila deshecho; no en {{rows}}.', undonePartly_other: 'Cambios en {{count}} filas deshechos; no en {{rows}}.',
    notUndone: 'No se pudieron deshacer los cambios en {{rows}}.',
    discardTitle: 'Descartar cambios',
    discardQuestion_one: '¿Descartar los cambios de {{count}} fila?', discardQuestion_other: '¿Descartar los cambios de {{count}} filas?',
    discardNote: 'Las celdas modificadas vuelven a lo que guardan los registros. Aún no se guardó nada, así que no se puede deshacer.',
    formDraft: 'Las celdas que cambió en la lista están rellenadas abajo: Guardar las escribe, Cancelar las mantiene en la lista.',
  },
  fr: {
    undone_one: 'Modification de {{count}} ligne annulée', undone_other: 'Modifications de {{count}} lignes annulées',
    undonePartly_one: 'Modification de {{count}} ligne annulée ; pas celle de {{rows}}.', undonePartly_other: 'Modifications de {{count}} lignes annulées ; pas celles de {{rows}}.',
    notUndone: 'Les modifications de {{rows}} n\'ont pas pu être annulées.',
    discardTitle: 'Abandonner les modifications',
    discardQuestion_one: 'Abandonner les modifications de {{count}} ligne ?', discardQuestion_other: 'Abandonner les modifications de {{count}} lignes ?',
    discardNote: 'Les cellules modifiées reprennent ce que contiennent les fiches. Rien n\'est encore enregistré : cela ne peut pas être annulé.',
    formDraft: 'Les cellules modifiées dans la liste sont reprises ci-dessous : Enregistrer les écrit, Annuler les garde dans la liste.',
  },
  it: {
    undone_one: 'Modifica di {{count}} riga annullata', undone_other: 'Modifiche di {{count}} righe annullate',
    undonePartly_one: 'Modifica di {{count}} riga annullata; non quella di {{rows}}.', undonePartly_other: 'Modifiche di {{count}} righe annullate; non quelle di {{rows}}.',
    notUndone: 'Non è stato possibile annullare le modifiche di {{rows}}.',
    discardTitle: 'Scarta le modifiche',
    discardQuestion_one: 'Scartare le modifiche di {{count}} riga?', discardQuestion_other: 'Scartare le modifiche di {{count}} righe?',
    discardNote: 'Le celle modificate tornano a ciò che contengono i record. Non è stato ancora salvato nulla, quindi non si può annullare.',
    formDraft: 'Le celle modificate nell\'elenco sono riportate qui sotto: Salva le scrive, Annulla le lascia nell\'elenco.',
  },
} as const;

for (const [lang, words] of Object.entries(GRID_WORDS)) i18n.addResourceBundle(lang, 'translation', { grid: words }, true, false);
