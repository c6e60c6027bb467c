import { writtenLanguage } from '../lib/written-language';

/** Words as a person or hospital wrote them, inside a sentence of the app's: marked Thai when they are Thai. */
export function Written({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  const lang = writtenLanguage(children);
  return lang ? <span lang={lang}>{children}</span> : <>{children}</>;
}
