import { describe, expect, it } from "vitest";
import { MAX_NOTIFICATIONS, notificationsReducer, type PersistentNotification } from "./notifications";

const note = (id: string): PersistentNotification => ({ id, type: "info", title: id, timestamp: 0 });

describe("persistent notifications", () => {
  it("puts the newest first and keeps at most 10", () => {
    let state: PersistentNotification[] = [];
    for (let i = 1; i <= 12; i++) state = notificationsReducer(state, { type: "add", notification: note(`n${i}`) });
    expect(state).toHaveLength(MAX_NOTIFICATIONS);
    expect(state[0]?.id).toBe("n12");
    expect(state.at(-1)?.id).toBe("n3");
  });
  it("dismisses one and clears all", () => {
    let state = [note("a"), note("b")];
    state = notificationsReducer(state, { type: "dismiss", id: "a" });
    expect(state.map((n) => n.id)).toEqual(["b"]);
    expect(notificationsReducer(state, { type: "clear" })).toEqual([]);
  });
});
