import type { ChatGreetings, Message } from "@reverie/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, isApiError } from "@/lib/api-client";
import { chooseGreeting } from "../api/choose-greeting";
import { greetingsQueryKey, useGreetings } from "../api/get-greetings";

/**
 * Flipping through the greetings of the chat's first message (decision 48): each flip makes the
 * shown greeting the chat's first message, as SillyTavern's swipes do, so what the user replies to
 * is what the model is given. Offered while the message is the chat's only one and the character
 * has more than one greeting.
 */
export function useGreetingChoice(
  chatId: number,
  first: { id: number; open: boolean },
  onChosen: (message: Message) => void,
) {
  const queryClient = useQueryClient();
  const greetings = useGreetings(chatId, first.open && first.id > 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = greetings.data;
  const available =
    first.open && data?.can_choose === true && data.message_id === first.id && data.greetings.length > 1;

  async function choose(index: number) {
    if (!data || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await chooseGreeting(chatId, index);
      queryClient.setQueryData<ChatGreetings>(greetingsQueryKey(chatId), (current) =>
        current ? { ...current, selected: index } : current,
      );
      onChosen(message);
    } catch (cause) {
      // the user replied meanwhile (another tab): the choice is closed, and the arrows go
      if (isApiError(cause) && cause.status === 409) void greetings.refetch();
      else setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return {
    available,
    total: data?.greetings.length ?? 0,
    selected: data?.selected ?? 0,
    busy,
    error,
    choose: (index: number) => void choose(index),
  };
}
