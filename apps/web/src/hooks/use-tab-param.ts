import { useSearchParams } from "react-router";

/** A screen's tab in the address (`?tab=`), so a reload or a shared link opens the same tab; the first choice by default. */
export function useTabParam<const Tabs extends readonly { value: string }[]>(tabs: Tabs) {
  type Tab = Tabs[number]["value"];
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab = tabs.find((choice) => choice.value === asked)?.value ?? tabs[0]?.value ?? "";
  const setTab = (next: Tab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set("tab", next);
        return updated;
      },
      { replace: true },
    );
  return { tab, setTab };
}
