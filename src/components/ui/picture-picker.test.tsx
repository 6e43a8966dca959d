import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { PicturePicker, pictureProblem, type PictureProblem } from "./picture-picker";

const RULES = { max: 3, accepted: ["image/png", "image/jpeg"], maxBytes: 1_000 };
const file = (name: string, type = "image/png", bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

const TEXTS = {
  legend: "Pictures",
  add: "Add pictures",
  list: "Pictures in order",
  picture: (number: number) => `Picture ${number}`,
  remove: (number: number) => `Remove picture ${number}`,
  move: (number: number, direction: "earlier" | "later") => `Move picture ${number} ${direction}`,
};

function Picker({
  start,
  onProblem,
  canMove = true,
}: {
  start: string[];
  onProblem: (problem: PictureProblem | null) => void;
  canMove?: boolean;
}) {
  const [pictures, setPictures] = useState(start);
  return (
    <PicturePicker
      value={pictures}
      onChange={setPictures}
      rules={RULES}
      texts={canMove ? TEXTS : { ...TEXTS, move: undefined }}
      onProblem={onProblem}
      describedBy="hint"
    >
      <p id="hint">Up to three</p>
    </PicturePicker>
  );
}

const choose = (files: File[]) => fireEvent.change(screen.getByLabelText("Add pictures"), { target: { files } });
const shown = () => screen.queryAllByRole("img").map((image) => image.getAttribute("src"));

describe("the picture picker", () => {
  it("refuses one too many first, then a type it does not take, then a file too large", () => {
    expect(pictureProblem([file("a"), file("b")], 2, RULES)).toBe("tooMany");
    expect(pictureProblem([file("a", "image/gif", 5_000)], 0, RULES)).toBe("type");
    expect(pictureProblem([file("a", "image/jpeg", 1_001)], 2, RULES)).toBe("size");
    expect(pictureProblem([file("a", "image/jpeg", 1_000)], 2, RULES)).toBeNull();
  });

  it("adds what it takes as data URLs after those there, and adds nothing of a choice it refuses", async () => {
    const onProblem = vi.fn();
    render(<Picker start={["data:image/png;base64,AAAA"]} onProblem={onProblem} />);
    choose([file("big.png", "image/png", 2_000)]);
    expect(onProblem).toHaveBeenLastCalledWith("size");
    expect(shown()).toHaveLength(1);

    choose([file("one.png"), file("two.jpg", "image/jpeg")]);
    expect(onProblem).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(
      shown()
        .slice(1)
        .every((src) => src?.startsWith("data:image/")),
    ).toBe(true);
    // Full: no way to add more is offered.
    expect(screen.queryByLabelText("Add pictures")).toBeNull();
    expect(screen.getByRole("group", { name: "Pictures" })).toBeInTheDocument();
  });

  it("moves a picture by its buttons, the focus following it, and removes one", () => {
    render(<Picker start={["data:a", "data:b", "data:c"]} onProblem={vi.fn()} />);
    const list = screen.getByRole("list", { name: "Pictures in order" });
    expect(screen.getByRole("button", { name: "Move picture 1 earlier" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Move picture 1 later" }));
    expect(shown()).toEqual(["data:b", "data:a", "data:c"]);
    expect(screen.getByRole("button", { name: "Move picture 2 later" })).toHaveFocus();
    fireEvent.click(screen.getByRole("button", { name: "Move picture 2 later" }));
    expect(shown()).toEqual(["data:b", "data:c", "data:a"]);
    // At the end its Later button is off: the focus goes to Earlier.
    expect(screen.getByRole("button", { name: "Move picture 3 earlier" })).toHaveFocus();
    fireEvent.click(screen.getByRole("button", { name: "Remove picture 1" }));
    expect(shown()).toEqual(["data:c", "data:a"]);
    expect(list).toBeInTheDocument();
  });

  it("offers no move buttons where the order does not matter", () => {
    render(<Picker start={["data:a", "data:b"]} onProblem={vi.fn()} canMove={false} />);
    expect(screen.queryByRole("button", { name: /Move/ })).toBeNull();
    expect(screen.getAllByRole("button", { name: /Remove picture/ })).toHaveLength(2);
  });
});
