import Foundation
import Testing

/// What any change to how `keepalive` enters argument-parser (issue 21's start-up) must keep: the
/// completion-script request in every spelling, its errors, and the usage lines.
@Suite struct StartupCLITests {
    @Test(arguments: [
        (["--generate-completion-script", "bash"], "#!/bin/bash"),
        (["--generate-completion-script=zsh"], "#compdef keepalive"),
        (["replay", "--generate-completion-script", "bash"], "#!/bin/bash"),
    ])
    func aCompletionScriptIsStillGenerated(arguments: [String], firstLine: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) == firstLine)
    }

    @Test func bothSpellingsGiveTheSameScript() throws {
        let spaced = try CLI.run(["--generate-completion-script", "fish"])
        let joined = try CLI.run(["--generate-completion-script=fish"])
        #expect(spaced.status == 0)
        #expect(spaced.stdout.contains("complete -c 'keepalive' "))
        #expect(joined.stdout == spaced.stdout)
    }

    @Test func withoutAShellTheScriptFollowsSHELL() throws {
        let result = try CLI.run(["-c", "SHELL=/bin/zsh \"$0\" --generate-completion-script", CLI.executable.path], shell: true)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("#compdef keepalive\n"))
    }

    @Test func anUnknownShellIsStillABadUsage() throws {
        let result = try CLI.run(["--generate-completion-script", "nosuch"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Can't generate completion scripts for 'nosuch'. Please use --generate-completion-script=<shell> with one of: zsh bash fish; see 'keepalive --help'\n")
    }

    /// A track named after the request is replayed, not taken for it.
    @Test func aFileNamedAfterTheRequestIsReplayed() throws {
        let fixtures = try Fixtures()
        let track = try fixtures.write("generate-completion-script.gpx", """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="52.0" lon="4.0"><time>2026-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="52.001" lon="4.0"><time>2026-01-01T00:00:10Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let (status, object) = try CLI.json(["replay", track, "--format", "json"])
        #expect(status == 0)
        #expect(object["track"] as? String == track)
        #expect(object["goalMet"] as? Bool == true)
    }

    /// Usage lines name only `keepalive` (no super-command); an error's pointer to them too.
    @Test func usageLinesNameOnlyKeepalive() throws {
        let result = try CLI.run(["replay", "--bogus"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: Missing expected argument '<track>'; see 'keepalive replay --help'\n")
        #expect(try CLI.run(["--help"]).stdout.contains("USAGE: keepalive <subcommand>\n"))
    }
}
