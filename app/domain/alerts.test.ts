import { describe, expect, it } from "vitest";
import { alertPriority, anniversaryName, firstName, messageTemplate } from "./alerts";

describe("priority bands", () => {
  it("is high today and for an expired ID", () => {
    expect(alertPriority(0)).toBe("high");
    expect(alertPriority(-1)).toBe("high");
    expect(alertPriority(-30)).toBe("high");
  });
  it("is medium from tomorrow through 7 days, low after", () => {
    expect(alertPriority(1)).toBe("medium");
    expect(alertPriority(7)).toBe("medium");
    expect(alertPriority(8)).toBe("low");
    expect(alertPriority(30)).toBe("low");
  });
});

describe("message template choice", () => {
  it("uses one template for 1 day or none and another for several days", () => {
    expect(messageTemplate(0)).toBe("imminent");
    expect(messageTemplate(1)).toBe("imminent");
    expect(messageTemplate(2)).toBe("upcoming");
    expect(messageTemplate(30)).toBe("upcoming");
    expect(messageTemplate(-1)).toBe("expired");
  });

  it("names an anniversary in English from the client's record", () => {
    expect(anniversaryName("Wedding Anniversary")).toBe("Wedding Anniversary");
    expect(anniversaryName("Graduation")).toBe("Graduation Anniversary");
    expect(anniversaryName(null)).toBe("Anniversary");
    expect(anniversaryName("Other")).toBe("Anniversary");
  });
});

describe("WhatsApp action", () => {
  it("greets clients by their first name", () => {
    expect(firstName("  Omar   Khalid Saeed ")).toBe("Omar");
  });
});
