#!/usr/bin/env python3
"""Runs a command in a real pseudo-terminal and plays a script against it (test/e2e/tty).

Reads one JSON object on stdin:
  {"argv": [...], "env": {...}, "cwd": "...", "rows": 40, "cols": 120,
   "stdout_pipe": false,            # true: the child's stdout is a pipe (like `cmd > file` in a terminal)
   "stdin": null,                   # text: the child's stdin is a pipe carrying it (like `echo x | cmd`)
   "timeout": 20,                   # seconds for the whole session
   "steps": [{"expect": "text", "timeout": 10},   # wait until the terminal shows text (after the last match)
             {"send": "s\\r"},                    # type keys (\\r is Enter, \\u0003 is Ctrl-C, \\u0004 is Ctrl-D)
             {"sleep": 0.2}]}
Writes one JSON object on stdout:
  {"code": int|null, "signal": int|null, "output": all terminal bytes (utf-8), "stdout": piped stdout,
   "screen": the final screen as plain text, "error": null or why a step failed}
Only the Python standard library is used, so it runs on any machine with python3.
"""
import errno
import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time


def set_size(fd, rows, cols):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Session:
    def __init__(self, spec):
        self.output = bytearray()
        self.stdout = bytearray()
        self.cursor = 0
        self.exit_status = None
        stdout_read = None
        if spec.get("stdout_pipe"):
            stdout_read, stdout_write = os.pipe()
        stdin_text = spec.get("stdin")
        if stdin_text is not None:
            stdin_read, stdin_write = os.pipe()
        pid, fd = pty.fork()
        if pid == 0:
            if stdin_text is not None:
                os.dup2(stdin_read, 0)
                os.close(stdin_read)
                os.close(stdin_write)
            if stdout_read is not None:
                os.dup2(stdout_write, 1)
                os.close(stdout_read)
                os.close(stdout_write)
            os.chdir(spec.get("cwd") or os.getcwd())
            try:
                os.execvpe(spec["argv"][0], spec["argv"], spec.get("env") or dict(os.environ))
            except OSError as error:
                os.write(2, ("exec failed: %s\n" % error).encode())
                os._exit(127)
        if stdout_read is not None:
            os.close(stdout_write)
        if stdin_text is not None:
            os.close(stdin_read)
            os.write(stdin_write, stdin_text.encode())
            os.close(stdin_write)
        self.pid = pid
        self.fd = fd
        self.stdout_fd = stdout_read
        set_size(fd, spec.get("rows", 40), spec.get("cols", 120))

    def pump(self, seconds):
        """Reads whatever arrives within `seconds`; returns False once everything is closed."""
        fds = [f for f in (self.fd, self.stdout_fd) if f is not None]
        if not fds:
            return False
        ready, _, _ = select.select(fds, [], [], max(0.0, seconds))
        for f in ready:
            try:
                chunk = os.read(f, 65536)
            except OSError as error:
                if error.errno != errno.EIO:
                    raise
                chunk = b""
            if not chunk:
                if f == self.fd:
                    self.fd = None
                else:
                    self.stdout_fd = None
                continue
            (self.output if f == self.fd else self.stdout).extend(chunk)
        return True

    def expect(self, text, timeout):
        needle = text.encode()
        deadline = time.monotonic() + timeout
        while True:
            found = self.output.find(needle, self.cursor)
            if found >= 0:
                self.cursor = found + len(needle)
                return None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timed out after %ss waiting for %r" % (timeout, text)
            if self.fd is None:
                return "the program ended before showing %r" % text
            self.pump(min(remaining, 0.1))

    def send(self, text):
        if self.fd is not None:
            os.write(self.fd, text.encode())

    def wait(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.exit_status is None:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    self.exit_status = status
            if self.exit_status is not None and self.fd is None and self.stdout_fd is None:
                return True
            if not self.pump(0.05) and self.exit_status is not None:
                return True
        return self.exit_status is not None

    def kill(self):
        if self.exit_status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, self.exit_status = os.waitpid(self.pid, 0)


def render_screen(data, cols):
    """Plays the bytes on a minimal terminal (no scroll limit) and returns the text left on it."""
    text = data.decode("utf-8", errors="replace")
    lines = [[]]
    row = col = 0
    i = 0

    def put(ch):
        nonlocal col
        line = lines[row]
        while len(line) < col:
            line.append(" ")
        if col < len(line):
            line[col] = ch
        else:
            line.append(ch)
        col += 1

    while i < len(text):
        ch = text[i]
        if ch == "\x1b" and i + 1 < len(text) and text[i + 1] == "[":
            j = i + 2
            while j < len(text) and not ("@" <= text[j] <= "~"):
                j += 1
            params, final = text[i + 2 : j], text[j] if j < len(text) else ""
            numbers = [int(p) if p.isdigit() else 0 for p in params.lstrip("?").split(";")] if params else []
            n = numbers[0] if numbers else 0
            if final == "K":
                if n == 0:
                    del lines[row][col:]
                elif n == 2:
                    lines[row] = []
            elif final == "J" and n == 0:
                del lines[row][col:]
                del lines[row + 1 :]
            elif final == "G":
                col = max(0, n - 1)
            elif final == "C":
                col += max(1, n)
            elif final == "D":
                col = max(0, col - max(1, n))
            elif final == "A":
                row = max(0, row - max(1, n))
            elif final == "B":
                row += max(1, n)
                while len(lines) <= row:
                    lines.append([])
            i = j + 1
            continue
        if ch == "\x1b":
            i += 2
            continue
        if ch == "\r":
            col = 0
        elif ch == "\n":
            row += 1
            col = 0
            while len(lines) <= row:
                lines.append([])
        elif ch == "\b":
            col = max(0, col - 1)
        elif ch == "\x07" or ord(ch) < 32:
            pass
        else:
            if col >= cols:
                row += 1
                col = 0
                while len(lines) <= row:
                    lines.append([])
            put(ch)
        i += 1
    return "\n".join("".join(line).rstrip() for line in lines).rstrip() + "\n"


def main():
    spec = json.load(sys.stdin)
    session = Session(spec)
    deadline = time.monotonic() + spec.get("timeout", 20)
    error = None
    for step in spec.get("steps", []):
        if "expect" in step:
            error = session.expect(step["expect"], min(step.get("timeout", 10), max(0.0, deadline - time.monotonic())))
        elif "send" in step:
            session.send(step["send"])
        elif "sleep" in step:
            end = time.monotonic() + step["sleep"]
            while time.monotonic() < end:
                session.pump(end - time.monotonic())
        if error:
            break
    if error or not session.wait(max(0.5, deadline - time.monotonic())):
        error = error or "the program did not exit in time"
        session.kill()
        session.pump(0.1)
    status = session.exit_status
    result = {
        "code": os.WEXITSTATUS(status) if status is not None and os.WIFEXITED(status) else None,
        "signal": os.WTERMSIG(status) if status is not None and os.WIFSIGNALED(status) else None,
        "output": session.output.decode("utf-8", errors="replace"),
        "stdout": session.stdout.decode("utf-8", errors="replace"),
        "screen": render_screen(bytes(session.output), spec.get("cols", 120)),
        "error": error,
    }
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
