import {
  type CSSProperties,
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from 'react';

const HydratedContext = createContext(true);

/**
 * Tells widgets whether the server-rendered page has finished hydrating. Widgets whose library
 * updates its own state while mounting (Headless UI's listboxes, menus, dialogs and transitions
 * position and register themselves; the toast container subscribes) mount only after it: mounted
 * during hydration, those updates run synchronously inside the hydration's commit and drag every
 * effect of the page into that one task (~80 ms more blocking time at Lighthouse's 4x CPU). Until
 * then they render what the server rendered: their closed trigger, or nothing.
 *
 * The switch happens in a transition started by the first effect, so it is its own small render.
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/** True once the page is interactive; also true outside the provider (client-only renders, tests). */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

export interface PendingTriggerProps {
  /** The widget's wrapper, as the mounted widget renders it (class and style). */
  wrapperClassName?: string;
  style?: CSSProperties;
  className: string;
  /** What the trigger opens: 'menu' or 'listbox'. */
  popup: 'menu' | 'listbox';
  /** The trigger's accessible name when its content does not give one. */
  label?: string;
  children: ReactNode;
}

/**
 * The closed trigger of a menu or listbox that mounts after hydration (see HydratedProvider),
 * drawn exactly like the widget's own button, so nothing moves when the widget replaces it.
 */
export function PendingTrigger({ wrapperClassName, style, className, popup, label, children }: PendingTriggerProps) {
  return (
    <div className={wrapperClassName} style={style}>
      <button type="button" className={className} aria-haspopup={popup} aria-expanded="false" aria-label={label}>
        {children}
      </button>
    </div>
  );
}
