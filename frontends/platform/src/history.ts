import { HISTORY_STACK_SIZE } from './constants';

let stack: string[] = [];

/** Records a visited page (path + query); keeps the last 5, no consecutive duplicates. */
export function pushHistory(url: string): void {
  if (stack[stack.length - 1] === url) return;
  stack = [...stack, url].slice(-HISTORY_STACK_SIZE);
}

/** The last visited pages, oldest first. */
export function getHistory(): readonly string[] {
  return stack;
}

/** The page visited before the current one, or null. */
export function previousPage(): string | null {
  return stack.length >= 2 ? stack[stack.length - 2] : null;
}

/** Test helper. */
export function __resetHistoryForTests(): void {
  stack = [];
}
