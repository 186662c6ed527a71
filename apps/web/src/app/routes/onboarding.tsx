import type { Gender, Model, OnboardingVariant } from "@reverie/shared";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useModels } from "@/features/catalog/api/get-models";
import { useStartChat } from "@/features/chat/hooks/use-start-chat";
import { type Interest, InterestTiles } from "@/features/interest/components/interest-tiles";
import { CharacterChoice } from "@/features/onboarding/components/character-choice";
import { OnboardingFrame } from "@/features/onboarding/components/onboarding-frame";
import { type HelloCharacter, SayHello } from "@/features/onboarding/components/say-hello";
import { useOnboardingFlow } from "@/features/onboarding/hooks/use-onboarding-flow";
import { useOnboardingVariant } from "@/features/onboarding/hooks/use-onboarding-variant";
import { useSaveInterest } from "@/features/onboarding/hooks/use-save-interest";
import { suggestedFirstMessage } from "@/features/onboarding/utils/steps";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { parseGender } from "@/hooks/use-gender-preference";
import { isApiError } from "@/lib/api-client";
import { storage } from "@/lib/storage";

/** The constructor, loaded only by the variant that builds a character. */
const CharacterBuilder = lazy(() =>
  import("@/features/custom-characters/components/character-builder").then((module) => ({
    default: module.CharacterBuilder,
  })),
);

/** The paywall, loaded when a 402 meets the user inside the onboarding (labelled with its source). */
const PremiumModal = lazy(() =>
  import("@/features/billing/components/premium-modal").then((module) => ({ default: module.PremiumModal })),
);

/**
 * /onboarding — a short guided start that ends in a first chat (decision 28). The variant comes from
 * the remote configuration (`onboarding_variant`) or `?variant=` (README: Onboarding).
 */
export default function OnboardingRoute() {
  useDocumentTitle("Welcome");
  const variant = useOnboardingVariant();
  // (a spinner, not the layout's PageLoading: importing that from here splits React Router out of the
  // entry chunk, which costs every route about 1 KiB)
  if (!variant) return <Spinner className="mx-auto my-24" />;
  return <OnboardingRun key={variant} variant={variant} />;
}

interface ChosenCharacter extends HelloCharacter {
  id: number;
  suggestion: string;
}

function storedInterest(): Interest | null {
  const gender = parseGender(storage.get("genderChoice"));
  return gender === "female" || gender === "male" ? gender : null;
}

function OnboardingRun({ variant }: { variant: OnboardingVariant }) {
  const flow = useOnboardingFlow(variant);
  const navigate = useNavigate();
  const saveInterest = useSaveInterest(flow.source);
  const startChat = useStartChat();
  const [interest, setInterest] = useState<Interest | null>(storedInterest);
  const [character, setCharacter] = useState<ChosenCharacter | null>(null);
  const [paywall, setPaywall] = useState(false);

  function skip() {
    flow.skip();
    navigate(paths.home, { replace: true });
  }

  function chooseInterest(gender: Interest) {
    saveInterest(gender);
    setInterest(gender);
    flow.next();
  }

  function meet(model: Model) {
    setCharacter({
      id: model.id,
      name: model.name,
      avatarUrl: model.avatar_url,
      greeting: model.first_msg,
      suggestion: suggestedFirstMessage({ name: model.name, suggestion: model.user_first_msg_help }),
    });
    flow.next();
  }

  function built(created: { id: number; name: string; gender: Gender }) {
    setCharacter({ id: created.id, name: created.name, suggestion: suggestedFirstMessage(created) });
    flow.next();
  }

  async function sayHello(text: string) {
    if (!character) return;
    try {
      await startChat(character.id, text, { source: flow.source });
    } catch (cause) {
      // out of free messages or tokens: the paywall, labelled with this variant's source
      if (isApiError(cause) && cause.status === 402) return setPaywall(true);
      throw cause;
    }
    flow.complete();
    navigate(paths.chatWith(character.id), { replace: true });
  }

  const stepId = flow.step.id;
  return (
    <OnboardingFrame
      variant={variant}
      steps={flow.steps}
      current={flow.index}
      onOpen={flow.goTo}
      onSkip={skip}
      wide={stepId === "build"}
    >
      {stepId === "interest" ? (
        <InterestTiles selected={interest} onChoose={chooseInterest} className="max-w-xl" />
      ) : stepId === "character" ? (
        <MeetCharacter gender={interest ?? "female"} onChoose={meet} />
      ) : stepId === "build" ? (
        <Suspense fallback={<Spinner label="Loading the constructor" className="mx-auto my-16" />}>
          <CharacterBuilder
            defaultGender={interest}
            onCreated={built}
            onInsufficientBalance={() => setPaywall(true)}
          />
        </Suspense>
      ) : character ? (
        <SayHello
          key={character.id}
          character={character}
          suggestion={character.suggestion}
          onSend={sayHello}
        />
      ) : (
        <Spinner className="mx-auto my-16" />
      )}
      {paywall ? (
        <Suspense fallback={null}>
          <PremiumModal source={flow.source} onClose={() => setPaywall(false)} />
        </Suspense>
      ) : null}
    </OnboardingFrame>
  );
}

/** A few catalog characters of the chosen interest. */
function MeetCharacter({ gender, onChoose }: { gender: Gender; onChoose: (model: Model) => void }) {
  const models = useModels(gender);
  return (
    <CharacterChoice
      characters={models.data?.items}
      error={models.isError ? models.error : null}
      onRetry={() => void models.refetch()}
      onChoose={onChoose}
    />
  );
}
