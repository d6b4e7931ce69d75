import type { Language } from '../lib/i18n.ts';

/**
 * PrimeReact's own texts (date picker, paginator, file upload, confirm dialog, filters) in each interface language.
 * Month and day names are not here: they come from Intl for the language's locale (see lib/prime-locale.ts). Kept
 * apart from the i18next dictionaries because PrimeReact reads them through its own locale API.
 */
export interface PrimeTexts {
  accept: string;
  reject: string;
  choose: string;
  upload: string;
  cancel: string;
  apply: string;
  clear: string;
  today: string;
  now: string;
  weekHeader: string;
  chooseDate: string;
  chooseMonth: string;
  chooseYear: string;
  prevMonth: string;
  nextMonth: string;
  prevYear: string;
  nextYear: string;
  prevDecade: string;
  nextDecade: string;
  prevHour: string;
  nextHour: string;
  prevMinute: string;
  nextMinute: string;
  prevSecond: string;
  nextSecond: string;
  emptySearchMessage: string;
  emptySelectionMessage: string;
  searchMessage: string;
  selectionMessage: string;
  noFileChosenMessage: string;
  fileChosenMessage: string;
  pending: string;
  completed: string;
  passwordPrompt: string;
  weak: string;
  medium: string;
  strong: string;
  startsWith: string;
  contains: string;
  notContains: string;
  endsWith: string;
  equals: string;
  notEquals: string;
  noFilter: string;
  filter: string;
  lt: string;
  lte: string;
  gt: string;
  gte: string;
  dateIs: string;
  dateIsNot: string;
  dateBefore: string;
  dateAfter: string;
  custom: string;
  matchAll: string;
  matchAny: string;
  addRule: string;
  removeRule: string;
  aria: {
    firstPageLabel: string;
    lastPageLabel: string;
    nextPageLabel: string;
    prevPageLabel: string;
    pageLabel: string;
    rowsPerPageLabel: string;
    jumpToPageDropdownLabel: string;
    jumpToPageInputLabel: string;
    selectAll: string;
    unselectAll: string;
    selectRow: string;
    unselectRow: string;
    selectLabel: string;
    unselectLabel: string;
    expandRow: string;
    collapseRow: string;
    expandLabel: string;
    collapseLabel: string;
    removeLabel: string;
    trueLabel: string;
    falseLabel: string;
    nullLabel: string;
    star: string;
    stars: string;
    navigation: string;
    next: string;
    previous: string;
    scrollTop: string;
    showFilterMenu: string;
    hideFilterMenu: string;
    filterOperator: string;
    filterConstraint: string;
    editRow: string;
    saveEdit: string;
    cancelEdit: string;
    zoomImage: string;
    zoomIn: string;
    zoomOut: string;
    rotateLeft: string;
    rotateRight: string;
  };
}

const pt: PrimeTexts = {
  accept: 'Sim',
  reject: 'Não',
  choose: 'Escolher',
  upload: 'Enviar',
  cancel: 'Cancelar',
  apply: 'Aplicar',
  clear: 'Limpar',
  today: 'Hoje',
  now: 'Agora',
  weekHeader: 'Sem',
  chooseDate: 'Escolher data',
  chooseMonth: 'Escolher mês',
  chooseYear: 'Escolher ano',
  prevMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  prevYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  prevDecade: 'Década anterior',
  nextDecade: 'Próxima década',
  prevHour: 'Hora anterior',
  nextHour: 'Próxima hora',
  prevMinute: 'Minuto anterior',
  nextMinute: 'Próximo minuto',
  prevSecond: 'Segundo anterior',
  nextSecond: 'Próximo segundo',
  emptySearchMessage: 'Nenhum resultado encontrado',
  emptySelectionMessage: 'Nenhum item selecionado',
  searchMessage: '{0} resultados disponíveis',
  selectionMessage: '{0} itens selecionados',
  noFileChosenMessage: 'Nenhum arquivo escolhido',
  fileChosenMessage: '{0} arquivos',
  pending: 'Pendente',
  completed: 'Concluído',
  passwordPrompt: 'Digite uma senha',
  weak: 'Fraca',
  medium: 'Média',
  strong: 'Forte',
  startsWith: 'Começa com',
  contains: 'Contém',
  notContains: 'Não contém',
  endsWith: 'Termina com',
  equals: 'Igual a',
  notEquals: 'Diferente de',
  noFilter: 'Sem filtro',
  filter: 'Filtrar',
  lt: 'Menor que',
  lte: 'Menor ou igual a',
  gt: 'Maior que',
  gte: 'Maior ou igual a',
  dateIs: 'Data é',
  dateIsNot: 'Data não é',
  dateBefore: 'Data antes de',
  dateAfter: 'Data depois de',
  custom: 'Personalizado',
  matchAll: 'Todas as regras',
  matchAny: 'Qualquer regra',
  addRule: 'Adicionar regra',
  removeRule: 'Remover regra',
  aria: {
    firstPageLabel: 'Primeira página',
    lastPageLabel: 'Última página',
    nextPageLabel: 'Próxima página',
    prevPageLabel: 'Página anterior',
    pageLabel: 'Página {page}',
    rowsPerPageLabel: 'Linhas por página',
    jumpToPageDropdownLabel: 'Ir para a página',
    jumpToPageInputLabel: 'Número da página',
    selectAll: 'Todos os itens selecionados',
    unselectAll: 'Nenhum item selecionado',
    selectRow: 'Linha selecionada',
    unselectRow: 'Linha desmarcada',
    selectLabel: 'Selecionar',
    unselectLabel: 'Desmarcar',
    expandRow: 'Linha expandida',
    collapseRow: 'Linha recolhida',
    expandLabel: 'Expandir',
    collapseLabel: 'Recolher',
    removeLabel: 'Remover',
    trueLabel: 'Verdadeiro',
    falseLabel: 'Falso',
    nullLabel: 'Não selecionado',
    star: '1 estrela',
    stars: '{star} estrelas',
    navigation: 'Navegação',
    next: 'Próximo',
    previous: 'Anterior',
    scrollTop: 'Voltar ao topo',
    showFilterMenu: 'Mostrar filtros',
    hideFilterMenu: 'Ocultar filtros',
    filterOperator: 'Operador do filtro',
    filterConstraint: 'Condição do filtro',
    editRow: 'Editar linha',
    saveEdit: 'Salvar edição',
    cancelEdit: 'Cancelar edição',
    zoomImage: 'Ampliar imagem',
    zoomIn: 'Aproximar',
    zoomOut: 'Afastar',
    rotateLeft: 'Girar à esquerda',
    rotateRight: 'Girar à direita',
  },
};

const es: PrimeTexts = {
  accept: 'Sí',
  reject: 'No',
  choose: 'Elegir',
  upload: 'Subir',
  cancel: 'Cancelar',
  apply: 'Aplicar',
  clear: 'Limpiar',
  today: 'Hoy',
  now: 'Ahora',
  weekHeader: 'Sem',
  chooseDate: 'Elegir fecha',
  chooseMonth: 'Elegir mes',
  chooseYear: 'Elegir año',
  prevMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  prevYear: 'Año anterior',
  nextYear: 'Año siguiente',
  prevDecade: 'Década anterior',
  nextDecade: 'Década siguiente',
  prevHour: 'Hora anterior',
  nextHour: 'Hora siguiente',
  prevMinute: 'Minuto anterior',
  nextMinute: 'Minuto siguiente',
  prevSecond: 'Segundo anterior',
  nextSecond: 'Segundo siguiente',
  emptySearchMessage: 'No se encontraron resultados',
  emptySelectionMessage: 'Ningún elemento seleccionado',
  searchMessage: '{0} resultados disponibles',
  selectionMessage: '{0} elementos seleccionados',
  noFileChosenMessage: 'Ningún archivo elegido',
  fileChosenMessage: '{0} archivos',
  pending: 'Pendiente',
  completed: 'Completado',
  passwordPrompt: 'Escriba una contraseña',
  weak: 'Débil',
  medium: 'Media',
  strong: 'Fuerte',
  startsWith: 'Empieza con',
  contains: 'Contiene',
  notContains: 'No contiene',
  endsWith: 'Termina con',
  equals: 'Igual a',
  notEquals: 'Distinto de',
  noFilter: 'Sin filtro',
  filter: 'Filtrar',
  lt: 'Menor que',
  lte: 'Menor o igual que',
  gt: 'Mayor que',
  gte: 'Mayor o igual que',
  dateIs: 'La fecha es',
  dateIsNot: 'La fecha no es',
  dateBefore: 'Fecha anterior a',
  dateAfter: 'Fecha posterior a',
  custom: 'Personalizado',
  matchAll: 'Todas las reglas',
  matchAny: 'Cualquier regla',
  addRule: 'Agregar regla',
  removeRule: 'Quitar regla',
  aria: {
    firstPageLabel: 'Primera página',
    lastPageLabel: 'Última página',
    nextPageLabel: 'Página siguiente',
    prevPageLabel: 'Página anterior',
    pageLabel: 'Página {page}',
    rowsPerPageLabel: 'Filas por página',
    jumpToPageDropdownLabel: 'Ir a la página',
    jumpToPageInputLabel: 'Número de página',
    selectAll: 'Todos los elementos seleccionados',
    unselectAll: 'Ningún elemento seleccionado',
    selectRow: 'Fila seleccionada',
    unselectRow: 'Fila no seleccionada',
    selectLabel: 'Seleccionar',
    unselectLabel: 'Quitar selección',
    expandRow: 'Fila expandida',
    collapseRow: 'Fila contraída',
    expandLabel: 'Expandir',
    collapseLabel: 'Contraer',
    removeLabel: 'Quitar',
    trueLabel: 'Verdadero',
    falseLabel: 'Falso',
    nullLabel: 'Sin seleccionar',
    star: '1 estrella',
    stars: '{star} estrellas',
    navigation: 'Navegación',
    next: 'Siguiente',
    previous: 'Anterior',
    scrollTop: 'Volver arriba',
    showFilterMenu: 'Mostrar filtros',
    hideFilterMenu: 'Ocultar filtros',
    filterOperator: 'Operador del filtro',
    filterConstraint: 'Condición del filtro',
    editRow: 'Editar fila',
    saveEdit: 'Guardar edición',
    cancelEdit: 'Cancelar edición',
    zoomImage: 'Ampliar imagen',
    zoomIn: 'Acercar',
    zoomOut: 'Alejar',
    rotateLeft: 'Girar a la izquierda',
    rotateRight: 'Girar a la derecha',
  },
};

const en: PrimeTexts = {
  accept: 'Yes',
  reject: 'No',
  choose: 'Choose',
  upload: 'Upload',
  cancel: 'Cancel',
  apply: 'Apply',
  clear: 'Clear',
  today: 'Today',
  now: 'Now',
  weekHeader: 'Wk',
  chooseDate: 'Choose date',
  chooseMonth: 'Choose month',
  chooseYear: 'Choose year',
  prevMonth: 'Previous month',
  nextMonth: 'Next month',
  prevYear: 'Previous year',
  nextYear: 'Next year',
  prevDecade: 'Previous decade',
  nextDecade: 'Next decade',
  prevHour: 'Previous hour',
  nextHour: 'Next hour',
  prevMinute: 'Previous minute',
  nextMinute: 'Next minute',
  prevSecond: 'Previous second',
  nextSecond: 'Next second',
  emptySearchMessage: 'No results found',
  emptySelectionMessage: 'No item selected',
  searchMessage: '{0} results are available',
  selectionMessage: '{0} items selected',
  noFileChosenMessage: 'No file chosen',
  fileChosenMessage: '{0} files',
  pending: 'Pending',
  completed: 'Completed',
  passwordPrompt: 'Enter a password',
  weak: 'Weak',
  medium: 'Medium',
  strong: 'Strong',
  startsWith: 'Starts with',
  contains: 'Contains',
  notContains: 'Does not contain',
  endsWith: 'Ends with',
  equals: 'Equals',
  notEquals: 'Not equals',
  noFilter: 'No filter',
  filter: 'Filter',
  lt: 'Less than',
  lte: 'Less than or equal to',
  gt: 'Greater than',
  gte: 'Greater than or equal to',
  dateIs: 'Date is',
  dateIsNot: 'Date is not',
  dateBefore: 'Date is before',
  dateAfter: 'Date is after',
  custom: 'Custom',
  matchAll: 'Match all',
  matchAny: 'Match any',
  addRule: 'Add rule',
  removeRule: 'Remove rule',
  aria: {
    firstPageLabel: 'First page',
    lastPageLabel: 'Last page',
    nextPageLabel: 'Next page',
    prevPageLabel: 'Previous page',
    pageLabel: 'Page {page}',
    rowsPerPageLabel: 'Rows per page',
    jumpToPageDropdownLabel: 'Jump to page',
    jumpToPageInputLabel: 'Page number',
    selectAll: 'All items selected',
    unselectAll: 'All items unselected',
    selectRow: 'Row selected',
    unselectRow: 'Row unselected',
    selectLabel: 'Select',
    unselectLabel: 'Unselect',
    expandRow: 'Row expanded',
    collapseRow: 'Row collapsed',
    expandLabel: 'Expand',
    collapseLabel: 'Collapse',
    removeLabel: 'Remove',
    trueLabel: 'True',
    falseLabel: 'False',
    nullLabel: 'Not selected',
    star: '1 star',
    stars: '{star} stars',
    navigation: 'Navigation',
    next: 'Next',
    previous: 'Previous',
    scrollTop: 'Scroll to top',
    showFilterMenu: 'Show filter menu',
    hideFilterMenu: 'Hide filter menu',
    filterOperator: 'Filter operator',
    filterConstraint: 'Filter constraint',
    editRow: 'Edit row',
    saveEdit: 'Save edit',
    cancelEdit: 'Cancel edit',
    zoomImage: 'Zoom image',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    rotateLeft: 'Rotate left',
    rotateRight: 'Rotate right',
  },
};

const tr: PrimeTexts = {
  accept: 'Evet',
  reject: 'Hayır',
  choose: 'Seç',
  upload: 'Yükle',
  cancel: 'İptal',
  apply: 'Uygula',
  clear: 'Temizle',
  today: 'Bugün',
  now: 'Şimdi',
  weekHeader: 'Hf',
  chooseDate: 'Tarih seç',
  chooseMonth: 'Ay seç',
  chooseYear: 'Yıl seç',
  prevMonth: 'Önceki ay',
  nextMonth: 'Sonraki ay',
  prevYear: 'Önceki yıl',
  nextYear: 'Sonraki yıl',
  prevDecade: 'Önceki on yıl',
  nextDecade: 'Sonraki on yıl',
  prevHour: 'Önceki saat',
  nextHour: 'Sonraki saat',
  prevMinute: 'Önceki dakika',
  nextMinute: 'Sonraki dakika',
  prevSecond: 'Önceki saniye',
  nextSecond: 'Sonraki saniye',
  emptySearchMessage: 'Sonuç bulunamadı',
  emptySelectionMessage: 'Seçili öğe yok',
  searchMessage: '{0} sonuç var',
  selectionMessage: '{0} öğe seçildi',
  noFileChosenMessage: 'Dosya seçilmedi',
  fileChosenMessage: '{0} dosya',
  pending: 'Bekliyor',
  completed: 'Tamamlandı',
  passwordPrompt: 'Bir şifre girin',
  weak: 'Zayıf',
  medium: 'Orta',
  strong: 'Güçlü',
  startsWith: 'İle başlar',
  contains: 'İçerir',
  notContains: 'İçermez',
  endsWith: 'İle biter',
  equals: 'Eşittir',
  notEquals: 'Eşit değildir',
  noFilter: 'Filtre yok',
  filter: 'Filtrele',
  lt: 'Küçüktür',
  lte: 'Küçük veya eşittir',
  gt: 'Büyüktür',
  gte: 'Büyük veya eşittir',
  dateIs: 'Tarih',
  dateIsNot: 'Tarih değil',
  dateBefore: 'Tarihten önce',
  dateAfter: 'Tarihten sonra',
  custom: 'Özel',
  matchAll: 'Tüm kurallar',
  matchAny: 'Herhangi bir kural',
  addRule: 'Kural ekle',
  removeRule: 'Kuralı kaldır',
  aria: {
    firstPageLabel: 'İlk sayfa',
    lastPageLabel: 'Son sayfa',
    nextPageLabel: 'Sonraki sayfa',
    prevPageLabel: 'Önceki sayfa',
    pageLabel: 'Sayfa {page}',
    rowsPerPageLabel: 'Sayfa başına satır',
    jumpToPageDropdownLabel: 'Sayfaya git',
    jumpToPageInputLabel: 'Sayfa numarası',
    selectAll: 'Tüm öğeler seçildi',
    unselectAll: 'Hiçbir öğe seçili değil',
    selectRow: 'Satır seçildi',
    unselectRow: 'Satır seçimi kaldırıldı',
    selectLabel: 'Seç',
    unselectLabel: 'Seçimi kaldır',
    expandRow: 'Satır genişletildi',
    collapseRow: 'Satır daraltıldı',
    expandLabel: 'Genişlet',
    collapseLabel: 'Daralt',
    removeLabel: 'Kaldır',
    trueLabel: 'Doğru',
    falseLabel: 'Yanlış',
    nullLabel: 'Seçilmedi',
    star: '1 yıldız',
    stars: '{star} yıldız',
    navigation: 'Gezinme',
    next: 'Sonraki',
    previous: 'Önceki',
    scrollTop: 'Başa dön',
    showFilterMenu: 'Filtreleri göster',
    hideFilterMenu: 'Filtreleri gizle',
    filterOperator: 'Filtre işleci',
    filterConstraint: 'Filtre koşulu',
    editRow: 'Satırı düzenle',
    saveEdit: 'Düzenlemeyi kaydet',
    cancelEdit: 'Düzenlemeyi iptal et',
    zoomImage: 'Resmi büyüt',
    zoomIn: 'Yakınlaştır',
    zoomOut: 'Uzaklaştır',
    rotateLeft: 'Sola döndür',
    rotateRight: 'Sağa döndür',
  },
};

export const primeTexts: Record<Language, PrimeTexts> = { pt, es, en, tr };
