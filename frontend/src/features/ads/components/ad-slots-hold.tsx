import { Box } from '@chakra-ui/react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';

/** However long a slot's answer takes, the page shows itself by then (its slots may then move it). */
export const AD_HOLD_LONGEST_MS = 1500;

type Hold = () => () => void;

const AdSlotsHoldContext = createContext<Hold | null>(null);

/**
 * Keeps a page unseen (`visibility: hidden`: laid out, not painted) while one of its ad slots
 * waits for its answer, so the page is first seen with each slot as it will stay: with its ad's
 * room, or with none. Nothing seen moves as the answers come (an unseen element's move is no
 * layout shift). On the first load the server's first screen lies over the page meanwhile.
 */
export function AdSlotsHold({ children }: { readonly children: ReactNode }) {
  const [waiting, setWaiting] = useState(0);
  const [expired, setExpired] = useState(false);
  const hold = useCallback<Hold>(() => {
    setWaiting((count) => count + 1);
    return () => setWaiting((count) => count - 1);
  }, []);
  const holding = waiting > 0 && !expired;
  useEffect(() => {
    if (!holding) return;
    const timer = window.setTimeout(() => setExpired(true), AD_HOLD_LONGEST_MS);
    return () => window.clearTimeout(timer);
  }, [holding]);
  return (
    <AdSlotsHoldContext value={hold}>
      <Box
        visibility={holding ? 'hidden' : undefined}
        data-ads-waiting={holding || undefined}
        // The hold ran out: the page was shown before all its slots had answered.
        data-ads-hold-expired={expired || undefined}
      >
        {children}
      </Box>
    </AdSlotsHoldContext>
  );
}

/** Holds the page (see `AdSlotsHold`) while `waiting`; before the browser paints, so never seen. */
export function useHoldForAnswer(waiting: boolean): void {
  const hold = useContext(AdSlotsHoldContext);
  useLayoutEffect(() => (waiting && hold ? hold() : undefined), [waiting, hold]);
}
