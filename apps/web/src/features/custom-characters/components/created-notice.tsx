import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";

/** On onboarding the flow goes on where it is: the character is on its way, with a link to it. */
export function CreatedNotice({ modelId, name }: { modelId: number; name: string }) {
  return (
    <Notice tone="success" testId="character-created">
      <p>{name.trim() || "Your character"} is being created: their portrait is on its way.</p>
      <ButtonLink to={paths.myAisItem(modelId)} variant="outline" size="sm" className="mt-3">
        See them
      </ButtonLink>
    </Notice>
  );
}
