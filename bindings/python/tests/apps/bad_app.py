"""Mistakes mypy --strict must catch in an app using sudokit: test_types.py
expects an error on each line with an `error:` comment, its message holding
the words after the mark, and on no other line."""
import sudokit

p = "." * 81
sudokit.hint(p, reveal="areaa")  # error: Argument "reveal" to "hint" has incompatible type "Literal['areaa']"
sudokit.count(p, limit="2")  # error: Argument "limit" to "count" has incompatible type "str"; expected "int"
n: int = sudokit.grade(p).level  # error: expression has type "Optional[str]", variable has type "int"
print(sudokit.grade(p).er + 1.0)  # error: Unsupported operand types for + ("None" and "float")
sudokit.generate(count=1, symmetry="rot45")  # error: Argument "symmetry" to "generate" has incompatible type
