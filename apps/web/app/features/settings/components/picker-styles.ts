/** Shared look of the top-bar pickers: a compact trigger and a floating option list. */
export const pickerButtonClass =
  'inline-flex h-7 items-center gap-1.5 whitespace-nowrap rounded-md px-2 text-xs font-medium text-white/90 hover:bg-white/10 hover:text-white data-open:bg-white/15';
export const pickerOptionsClass =
  'z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 text-sm text-slate-700 shadow-panel outline-none [--anchor-gap:6px] transition ease-out data-closed:opacity-0 data-closed:-translate-y-1 data-enter:duration-(--menu-in) data-leave:duration-(--menu-out)';
export const pickerOptionClass =
  'group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 data-focus:bg-primary-50 data-focus:text-primary-800 data-selected:font-semibold';
