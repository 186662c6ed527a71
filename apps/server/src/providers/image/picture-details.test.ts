import { describe, expect, it } from "vitest";
import { parsePictureDetails, sceneForPlace } from "./picture-details.ts";

describe("what a picture request asks for", () => {
  it("reads the place, the clothes and what to hold", () => {
    expect(parsePictureDetails("Charles Bridge, violin, red coat")).toEqual({
      place: "bridge",
      time: null,
      clothing: { garment: "jacket", color: { name: "red", hex: "#b8283a" } },
      props: ["violin"],
    });
  });

  it("reads the time of day", () => {
    expect(parsePictureDetails("on the beach at night").time).toBe("night");
    expect(parsePictureDetails("a walk in the park this morning").time).toBe("day");
    expect(parsePictureDetails("rooftop at golden hour").time).toBe("sunset");
    expect(parsePictureDetails("just you").time).toBeNull();
  });

  it("reads German, Spanish, French, Italian and Portuguese, with or without accents", () => {
    expect(parsePictureDetails("auf der Karlsbrücke bei Nacht, roter Mantel, mit Geige")).toEqual({
      place: "bridge",
      time: "night",
      clothing: { garment: "jacket", color: { name: "red", hex: "#b8283a" } },
      props: ["violin"],
    });
    const spanish = parsePictureDetails("en la playa al atardecer con una guitarra, sudadera azul");
    expect([
      spanish.place,
      spanish.time,
      spanish.clothing?.garment,
      spanish.clothing?.color?.name,
      spanish.props,
    ]).toEqual(["beach", "sunset", "hoodie", "blue", ["guitar"]]);
    const french = parsePictureDetails("dans la forêt, un livre à la main, pull vert");
    expect([french.place, french.clothing?.color?.name, french.props]).toEqual(["forest", "green", ["book"]]);
    const italian = parsePictureDetails("in giardino con un mazzo di fiori, vestito giallo");
    expect([italian.place, italian.clothing?.garment, italian.clothing?.color?.name, italian.props]).toEqual([
      "garden",
      "scoop",
      "yellow",
      ["flowers"],
    ]);
    const portuguese = parsePictureDetails("no café com uma xícara, camisa branca");
    expect([
      portuguese.place,
      portuguese.clothing?.garment,
      portuguese.clothing?.color?.name,
      portuguese.props,
    ]).toEqual(["cafe", "shirt", "white", ["cup"]]);
  });

  it("gives each colour the garment it is said of", () => {
    expect(parsePictureDetails("a red scarf and a blue jacket").clothing).toEqual({
      garment: "jacket",
      color: { name: "blue", hex: "#2f5fb8" },
    });
  });

  it("leaves colours of hair and eyes to the character, and reads 'dressed in'", () => {
    expect(parsePictureDetails("with your blonde hair and blue eyes").clothing).toBeNull();
    expect(parsePictureDetails("dressed in black at the club").clothing).toEqual({
      garment: null,
      color: { name: "black", hex: "#1b1b20" },
    });
  });

  it("takes a place the user names over one only suggested, and rain as an umbrella", () => {
    expect(parsePictureDetails("coffee on the bridge").place).toBe("bridge");
    expect(parsePictureDetails("a coffee in town").place).toBe("cafe");
    expect(parsePictureDetails("walking in the rain").props).toEqual(["umbrella"]);
    expect(parsePictureDetails("a book, a cup of tea and flowers").props).toHaveLength(2);
  });

  it("picks the scene that draws a place at a time of day", () => {
    expect(sceneForPlace("beach", "sunset")).toBe("beach_sunset");
    expect(sceneForPlace("beach", null)).toBe("beach_day");
    expect(sceneForPlace("city", null)).toBe("city_night");
    expect(sceneForPlace("city", "day")).toBe("bridge");
    expect(sceneForPlace("snow", "night")).toBe("snowy_cabin");
    expect(sceneForPlace(null, "night")).toBeNull();
  });
});
