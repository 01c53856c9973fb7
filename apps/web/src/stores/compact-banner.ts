import { useEffect } from "react";
import { create } from "zustand";

/**
 * Screens where the verification banner shrinks to one line, so that what the farmer came for
 * comes first (docs/product.md §2 'Final page': Download PDF and the phone calendar lead).
 * A count, so two screens that ask never undo each other.
 */
const useCompactBannerStore = create<{ requests: number }>(() => ({ requests: 0 }));

export function useIsBannerCompact(): boolean {
  return useCompactBannerStore((state) => state.requests > 0);
}

/** While the calling screen is shown, the verification banner is one line. */
export function useCompactBanner(): void {
  useEffect(() => {
    useCompactBannerStore.setState((state) => ({ requests: state.requests + 1 }));
    return () => useCompactBannerStore.setState((state) => ({ requests: state.requests - 1 }));
  }, []);
}
