import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Modal } from "@/components/ui/modal";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { storage } from "@/lib/storage";
import { useUiStore } from "@/stores/ui-store";
import { type Interest, InterestTiles } from "./interest-tiles";

/** "I'm Interested in:" Girls / Guys. Choosing stores `isStartedChoosing` and opens home for that choice. */
export function InterestSelection() {
  const navigate = useNavigate();
  const dismiss = useUiStore((state) => state.dismissInterest);
  const tracked = useRef(false);

  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track(ANALYTICS_EVENTS.genderPopupShown);
  }, []);

  function choose(gender: Interest) {
    track(ANALYTICS_EVENTS.genderSelected, { gender });
    storage.set("genderChoice", gender);
    navigate(`/?gender=${gender}`);
  }

  return (
    <Modal
      title="I'm Interested in:"
      onClose={dismiss}
      size="md"
      testId="interest-selection"
      className="sm:p-8"
    >
      <p className="mt-2 text-sm text-ink-300">Pick who you'd like to meet first. You can switch any time.</p>
      <InterestTiles onChoose={choose} className="mt-6" />
    </Modal>
  );
}
