import ArgumentParser

@main
struct Keepalive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keepalive",
        abstract: "Find out whether an iOS navigation app stays alive in the background, from a GPX track.",
        discussion: """
            KeepAliveSim replays GPX tracks in virtual time. `inspect` reads GPX files and reports \
            what they hold, so you can check a track before you replay it.

            EXIT STATUS
              0   success
              64  bad usage: an unknown option or an impossible setting
              65  invalid track data; stderr names FILE:LINE:COLUMN
              66  a file cannot be opened or read
            """,
        version: "0.1.0",
        subcommands: [InspectCommand.self]
    )
}
